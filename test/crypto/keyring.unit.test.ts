import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accAddress } from '../../src/crypto/address.ts';
import { unarmorDecryptPrivKey } from '../../src/crypto/armor.ts';
import { ethVerify } from '../../src/crypto/ethsecp256k1.ts';
import { dirStore } from '../../src/crypto/keyring/dir-store.ts';
import { fileStore } from '../../src/crypto/keyring/file-store.ts';
import { Keyring } from '../../src/crypto/keyring/keyring.ts';
import { memoryStore } from '../../src/crypto/keyring/memory-store.ts';
import { openKeyring, openKeyringStore } from '../../src/crypto/keyring/open.ts';
import type { PassphrasePrompt } from '../../src/crypto/keyring/passphrase.ts';
import { recordAddress } from '../../src/crypto/keyring/record.ts';
import { makePrivKey, makePubKey } from '../../src/crypto/keys.ts';
import { SdkErrors } from '../../src/errors.ts';
import { ABANDON, ABANDON_MNEMONIC, hex, MSG_SEND, msgSendSignDoc } from './vectors.ts';

const tempDir = () => mkdtemp(join(tmpdir(), 'keyring-'));

/** Scripted answers; records prompts and notices. */
function scripted(answers: string[]): PassphrasePrompt & { prompts: string[]; notices: string[] } {
  const prompts: string[] = [];
  const notices: string[] = [];
  return {
    prompts,
    notices,
    readSecret: async (prompt) => {
      prompts.push(prompt);
      return answers.shift();
    },
    notice: (message) => void notices.push(message),
  };
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

describe('Keyring over the memory store', () => {
  it('creates, finds by name and address, lists sorted, deletes', async () => {
    const kr = new Keyring(memoryStore());
    const alice = await kr.newAccount('zed', ABANDON_MNEMONIC, '', ABANDON.index0.path, 'eth_secp256k1');
    await kr.newAccount('bob', ABANDON_MNEMONIC, '', ABANDON.index1.path, 'eth_secp256k1');
    expect(accAddress(recordAddress(alice))).toBe(ABANDON.index0.address);
    expect(alice.hdPath).toBe("m/44'/606'/0'/0/0");
    expect((await kr.list()).map((r) => r.name)).toEqual(['bob', 'zed']);
    expect((await kr.key('zed')).pubKey).toEqual(alice.pubKey);
    expect((await kr.keyByAddress(recordAddress(alice))).name).toBe('zed');
    expect((await kr.delete('zed')).name).toBe('zed');
    expect((await kr.list()).map((r) => r.name)).toEqual(['bob']);
    expect(await kr.findKeyByAddress(recordAddress(alice))).toBeUndefined();
    expect((await kr.store.keys()).sort()).toEqual(['9118b77029188c8ccda60f305ade93288aaf7b00.address', 'bob.info']);
  });

  it('fails with the SDK key-not-found errors', async () => {
    const kr = new Keyring(memoryStore());
    const err = await rejection(kr.key('carol'));
    expect(SdkErrors.KeyNotFound.is(err)).toBe(true);
    expect(err.message).toBe('carol.info: key not found');
    expect((await rejection(kr.keyByAddress(hex('39330eb4d159cd194a044041900aef978d7532fa')))).message).toBe(
      `key with address ${ABANDON.index0.address} not found: key not found`,
    );
  });

  it('refuses a second name for the same address and an existing name, leaving the keyring unchanged', async () => {
    const kr = new Keyring(memoryStore());
    await kr.newAccount('alice', ABANDON_MNEMONIC, '', ABANDON.index0.path, 'eth_secp256k1');
    const before = (await kr.store.keys()).sort();
    expect((await rejection(kr.newAccount('alice2', ABANDON_MNEMONIC, '', ABANDON.index0.path, 'eth_secp256k1'))).message).toBe(
      `duplicated address created: key "alice" already has address ${ABANDON.index0.address}`,
    );
    expect((await rejection(kr.newAccount('alice', ABANDON_MNEMONIC, '', ABANDON.index1.path, 'eth_secp256k1'))).message).toBe(
      'a key named alice already exists in the keyring',
    );
    expect((await rejection(kr.importPrivKey('alice', makePrivKey('eth_secp256k1', hex(ABANDON.index1.privateKey))))).message).toBe(
      'cannot overwrite key: alice',
    );
    expect((await kr.store.keys()).sort()).toEqual(before);
  });

  it('refuses unsupported algorithms and bad mnemonics', async () => {
    const kr = new Keyring(memoryStore());
    expect((await rejection(kr.newAccount('a', ABANDON_MNEMONIC, '', ABANDON.index0.path, 'ed25519'))).message).toBe(
      'provided algorithm "ed25519" is not supported; supported: eth_secp256k1, secp256k1',
    );
    expect((await rejection(kr.newAccount('a', 'abandon', '', ABANDON.index0.path, 'eth_secp256k1'))).message).toBe(
      'invalid mnemonic: 1 words; expected 12, 15, 18, 21 or 24',
    );
    expect(await kr.list()).toEqual([]);
  });

  it('signs like stchaind: 65-byte eth signatures over keccak', async () => {
    const kr = new Keyring(memoryStore());
    await kr.newAccount('alice', ABANDON_MNEMONIC, '', ABANDON.index0.path, 'eth_secp256k1');
    const { signature, pubKey } = await kr.sign('alice', msgSendSignDoc());
    expect(Buffer.from(signature).toString('hex')).toBe(MSG_SEND.signature + '01');
    expect(ethVerify(pubKey.key, msgSendSignDoc(), signature)).toBe(true);
    await kr.saveOfflineKey('watch', makePubKey('eth_secp256k1', hex(ABANDON.index1.publicKey)));
    expect((await rejection(kr.sign('watch', new Uint8Array(1)))).message).toBe('cannot sign with offline key watch: it holds no private key');
    expect((await rejection(kr.exportPrivKey('watch'))).message).toBe(
      'key watch is an offline key: private key extraction works only for local keys',
    );
  });

  it('exports and imports armored keys; a wrong passphrase changes nothing', async () => {
    const kr = new Keyring(memoryStore());
    await kr.newAccount('alice', ABANDON_MNEMONIC, '', ABANDON.index0.path, 'eth_secp256k1');
    const armor = await kr.exportArmoredPrivKey('alice', 'export-pass');
    expect(unarmorDecryptPrivKey(armor, 'export-pass').privKey.key).toEqual(hex(ABANDON.index0.privateKey));
    const other = new Keyring(memoryStore());
    expect((await rejection(other.importArmoredPrivKey('alice', armor, 'wrong-pass'))).message).toBe(
      'failed to decrypt private key: invalid account password',
    );
    expect(await other.list()).toEqual([]);
    const imported = await other.importArmoredPrivKey('alice', armor, 'export-pass');
    expect(accAddress(recordAddress(imported))).toBe(ABANDON.index0.address);
    expect(imported.hdPath).toBeUndefined();
  });
});

describe('test backend (plain files)', () => {
  it('writes <name>.info and <hexaddr>.address under keyring-test/', async () => {
    const dir = await tempDir();
    const kr = openKeyring({ backend: 'test', dir });
    await kr.newAccount('alice', ABANDON_MNEMONIC, '', ABANDON.index0.path, 'eth_secp256k1');
    const files = (await readdir(join(dir, 'keyring-test'))).sort();
    expect(files).toEqual(['39330eb4d159cd194a044041900aef978d7532fa.address', 'alice.info']);
    expect(await readFile(join(dir, 'keyring-test', files[0]), 'utf8')).toBe('alice.info');
    expect(JSON.parse(await readFile(join(dir, 'keyring-test', 'alice.info'), 'utf8'))).toEqual({
      version: 1,
      name: 'alice',
      type: 'local',
      algo: 'eth_secp256k1',
      pubKey: ABANDON.index0.publicKeyBase64,
      privKey: ABANDON.index0.privateKey,
      hdPath: "m/44'/606'/0'/0/0",
    });
    // a second process sees the same keys
    expect((await openKeyring({ backend: 'test', dir }).list()).map((r) => r.name)).toEqual(['alice']);
  });

  it('keeps odd key names inside the directory', async () => {
    const dir = await tempDir();
    const kr = new Keyring(dirStore(dir, 'test'));
    await kr.newAccount('../x/y%z', ABANDON_MNEMONIC, '', ABANDON.index0.path, 'eth_secp256k1');
    expect((await readdir(dir)).sort()).toEqual(['39330eb4d159cd194a044041900aef978d7532fa.address', '..%2Fx%2Fy%25z.info'].sort());
    expect((await kr.list()).map((r) => r.name)).toEqual(['../x/y%z']);
  });

  it('names a record written by the Cosmos SDK keyring instead of crashing', async () => {
    const dir = await tempDir();
    const kr = openKeyring({ backend: 'test', dir });
    await kr.newAccount('alice', ABANDON_MNEMONIC, '', ABANDON.index0.path, 'eth_secp256k1');
    await writeFile(join(dir, 'keyring-test', 'bob.info'), '{"protected":"eyJhbGciOiJQQkVTMi1IUzI1NitBMTI4S1cifQ","ciphertext":"x"}');
    const report = await kr.migrateAll();
    expect(report.current).toEqual(['alice']);
    expect(report.unreadable).toHaveLength(1);
    expect(report.unreadable[0].item).toBe('bob.info');
    expect(report.unreadable[0].reason).toBe(
      `keyring record bob.info in ${join(dir, 'keyring-test')} cannot be read: it is a JWE-encrypted item of the Cosmos SDK keyring. ` +
        'Export the key with the tool that wrote it (`keys export`) and import it here with `chaind keys import`',
    );
  });
});

describe('file backend (encrypted files)', () => {
  it('asks the passphrase twice on creation, then once per process', async () => {
    const dir = await tempDir();
    const first = scripted(['password1', 'password1']);
    const kr = openKeyring({ backend: 'file', dir, prompt: first });
    await kr.newAccount('alice', ABANDON_MNEMONIC, '', ABANDON.index0.path, 'eth_secp256k1');
    await kr.newAccount('bob', ABANDON_MNEMONIC, '', ABANDON.index1.path, 'eth_secp256k1');
    expect(first.prompts).toEqual(['Enter keyring passphrase (attempt 1/3):', 'Re-enter keyring passphrase:']);

    const files = (await readdir(join(dir, 'keyring-file'))).sort();
    expect(files).toEqual([
      '39330eb4d159cd194a044041900aef978d7532fa.address',
      '9118b77029188c8ccda60f305ade93288aaf7b00.address',
      'alice.info',
      'bob.info',
      'keyhash',
    ]);
    const sealed = await readFile(join(dir, 'keyring-file', 'alice.info'), 'utf8');
    expect(sealed).not.toContain(ABANDON.index0.privateKey);
    expect(sealed).not.toContain('alice');

    const second = scripted(['password1']);
    const again = openKeyring({ backend: 'file', dir, prompt: second });
    expect((await again.list()).map((r) => r.name)).toEqual(['alice', 'bob']);
    expect(second.prompts).toEqual(['Enter keyring passphrase (attempt 1/3):']);
  });

  it('retries a wrong or short passphrase three times, then gives up', async () => {
    const dir = await tempDir();
    await openKeyring({ backend: 'file', dir, prompt: scripted(['password1', 'password1']) }).newAccount(
      'alice',
      ABANDON_MNEMONIC,
      '',
      ABANDON.index0.path,
      'eth_secp256k1',
    );
    const wrong = scripted(['short', 'password2', 'password1']);
    expect((await openKeyring({ backend: 'file', dir, prompt: wrong }).key('alice')).name).toBe('alice');
    expect(wrong.notices).toEqual(['password must be at least 8 characters', 'incorrect passphrase']);

    const hopeless = scripted(['password2', 'password3', 'password4']);
    expect((await rejection(openKeyring({ backend: 'file', dir, prompt: hopeless }).key('alice'))).message).toBe(
      'too many failed passphrase attempts',
    );
    const ended = scripted(['password2']);
    expect((await rejection(openKeyring({ backend: 'file', dir, prompt: ended }).key('alice'))).message).toBe(
      'keyring passphrase required, but stdin ended (last attempt: incorrect passphrase)',
    );
  });

  it('refuses mismatched passphrases on creation', async () => {
    const dir = await tempDir();
    const prompt = scripted(['password1', 'password2', 'password1', 'password1']);
    await openKeyring({ backend: 'file', dir, prompt }).newAccount('a', ABANDON_MNEMONIC, '', ABANDON.index0.path, 'eth_secp256k1');
    expect(prompt.notices).toEqual(['passphrase do not match']);
  });

  it('does not ask for a passphrase to see that a key is missing', async () => {
    const prompt = scripted([]);
    const kr = new Keyring(fileStore(await tempDir(), prompt));
    expect((await rejection(kr.key('nobody'))).message).toBe('nobody.info: key not found');
    expect(await kr.list()).toEqual([]);
    expect(prompt.prompts).toEqual([]);
  });

  it('detects an item renamed to another key name', async () => {
    const dir = await tempDir();
    const kr = openKeyring({ backend: 'file', dir, prompt: scripted(['password1', 'password1']) });
    await kr.newAccount('alice', ABANDON_MNEMONIC, '', ABANDON.index0.path, 'eth_secp256k1');
    const fileDir = join(dir, 'keyring-file');
    await writeFile(join(fileDir, 'mallory.info'), await readFile(join(fileDir, 'alice.info')));
    expect((await rejection(kr.key('mallory'))).message).toBe(
      `cannot decrypt ${join(fileDir, 'mallory.info')}: the file was altered or renamed`,
    );
  });
});

describe('backend selection', () => {
  it('names the unknown backend and the valid ones', () => {
    expect(() => openKeyringStore({ backend: 'vault', dir: '/tmp' })).toThrow(
      'unknown keyring backend "vault"; choose one of os, file, kwallet, pass, test, memory',
    );
  });
});
