/**
 * `file` backend: items encrypted at rest in `<keyring-dir>/keyring-file/`. Our own format (the SDK's
 * 99designs JWE files are not read): one scrypt key per keyring, derived from the passphrase with
 * the salt kept in `keyhash`; each item file is XChaCha20-Poly1305 sealed with the item key as
 * associated data, so files cannot be swapped between names. Documented in docs/keyring.md.
 *
 * The passphrase is asked lazily, as the SDK keyring does: at the first read of an existing item or
 * the first write, once per process; twice when the keyring is new (no keyhash yet), up to three
 * attempts (SDK `newRealPrompt`).
 */
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { scrypt } from '@noble/hashes/scrypt.js';
import { bytesToHex, hexToBytes, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { timingSafeEqual } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dirStore, isNotFound } from './dir-store.ts';
import type { PassphrasePrompt } from './passphrase.ts';
import { MIN_PASSPHRASE_LENGTH } from './passphrase.ts';
import type { KeyringStore } from './store.ts';
import { makeDirs } from '../../make-dirs.ts';

export const KEYHASH_FILE = 'keyhash';
const MAX_ATTEMPTS = 3;
/** scrypt cost: 2^15 × 8 × 128 B = 32 MiB, ~0.1–0.3 s once per command */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;

interface Keyhash {
  kdf: 'scrypt';
  N: number;
  r: number;
  p: number;
  salt: string;
  /** second half of the scrypt output; the first half is the encryption key */
  verifier: string;
}

interface SealedItem {
  cipher: 'xchacha20poly1305';
  nonce: string;
  data: string;
}

export function fileStore(dir: string, prompt: PassphrasePrompt | undefined): KeyringStore {
  const files = dirStore(dir, 'file');
  let key: Uint8Array | undefined;

  async function unlock(): Promise<Uint8Array> {
    if (key) return key;
    if (!prompt) throw new Error('the file keyring backend needs a passphrase, but no way to ask for one was given');
    const stored = await readKeyhash(dir);
    let lastProblem: string | undefined;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const pass = await prompt.readSecret(`Enter keyring passphrase (attempt ${attempt}/${MAX_ATTEMPTS}):`);
      if (pass === undefined) throw endedError(lastProblem);
      if (pass.length < MIN_PASSPHRASE_LENGTH) {
        lastProblem = `password must be at least ${MIN_PASSPHRASE_LENGTH} characters`;
        prompt.notice(lastProblem);
        continue;
      }
      if (stored) {
        const derived = derive(pass, stored);
        if (timingSafeEqual(derived.subarray(32), hexToBytes(stored.verifier))) return (key = derived.slice(0, 32));
        lastProblem = 'incorrect passphrase';
        prompt.notice(lastProblem);
        continue;
      }
      const again = await prompt.readSecret('Re-enter keyring passphrase:');
      if (again === undefined) throw endedError(lastProblem);
      if (pass !== again) {
        lastProblem = 'passphrase do not match';
        prompt.notice(lastProblem);
        continue;
      }
      const fresh: Keyhash = { kdf: 'scrypt', ...SCRYPT, salt: bytesToHex(randomBytes(16)), verifier: '' };
      const derived = derive(pass, fresh);
      fresh.verifier = bytesToHex(derived.subarray(32));
      makeDirs(dir, 0o700);
      await writeFile(join(dir, KEYHASH_FILE), JSON.stringify(fresh) + '\n', { mode: 0o600 });
      return (key = derived.slice(0, 32));
    }
    throw new Error('too many failed passphrase attempts');
  }

  return {
    backend: 'file',
    location: dir,
    keys: () => files.keys(),
    async get(itemKey) {
      const raw = await files.get(itemKey);
      if (raw === undefined) return undefined;
      const sealed = parseSealed(raw, join(dir, itemKey));
      const k = await unlock();
      try {
        return xchacha20poly1305(k, hexToBytes(sealed.nonce), utf8ToBytes(itemKey)).decrypt(Buffer.from(sealed.data, 'base64'));
      } catch {
        throw new Error(`cannot decrypt ${join(dir, itemKey)}: the file was altered or renamed`);
      }
    },
    async set(itemKey, data) {
      const k = await unlock();
      const nonce = randomBytes(24);
      const sealed: SealedItem = {
        cipher: 'xchacha20poly1305',
        nonce: bytesToHex(nonce),
        data: Buffer.from(xchacha20poly1305(k, nonce, utf8ToBytes(itemKey)).encrypt(data)).toString('base64'),
      };
      await files.set(itemKey, utf8ToBytes(JSON.stringify(sealed) + '\n'));
    },
    remove: (itemKey) => files.remove(itemKey),
  };
}

function derive(pass: string, params: Keyhash): Uint8Array {
  return scrypt(utf8ToBytes(pass), hexToBytes(params.salt), { N: params.N, r: params.r, p: params.p, dkLen: 64 });
}

function endedError(lastProblem: string | undefined): Error {
  return new Error(`keyring passphrase required, but stdin ended${lastProblem ? ` (last attempt: ${lastProblem})` : ''}`);
}

async function readKeyhash(dir: string): Promise<Keyhash | undefined> {
  const path = join(dir, KEYHASH_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
  try {
    const parsed = JSON.parse(text) as Keyhash;
    if (parsed.kdf === 'scrypt' && typeof parsed.salt === 'string' && typeof parsed.verifier === 'string') return parsed;
  } catch {
    // fall through: not our format
  }
  throw new Error(
    `${path} is not a chaind keyhash (a Cosmos SDK keyring-file directory?); chaind cannot open that keyring — ` +
      'export keys there with `keys export` and import them here with `keys import`',
  );
}

function parseSealed(raw: Uint8Array, path: string): SealedItem {
  try {
    const parsed = JSON.parse(Buffer.from(raw).toString('utf8')) as SealedItem;
    if (parsed.cipher === 'xchacha20poly1305' && typeof parsed.nonce === 'string' && typeof parsed.data === 'string') return parsed;
  } catch {
    // fall through
  }
  throw new Error(
    `${path} is not a chaind encrypted keyring item (written by the Cosmos SDK keyring?); ` +
      'export the key there with `keys export` and import it here with `keys import`',
  );
}
