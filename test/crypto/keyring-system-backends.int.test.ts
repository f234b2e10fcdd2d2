/**
 * The os (Secret Service), pass and kwallet backends drive command-line tools. Fake tools with the
 * same command lines (test/crypto/fake-tools) stand in for them, so the spawn, parse and error
 * handling is exercised without a desktop session.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openKeyring, openKeyringStore, workingBackends } from '../../src/crypto/keyring/open.ts';
import { ABANDON, ABANDON_MNEMONIC } from './vectors.ts';

const FAKE_TOOLS = new URL('./fake-tools', import.meta.url).pathname;
const saved = { ...process.env };

beforeEach(async () => {
  const home = await mkdtemp(join(tmpdir(), 'system-keyring-'));
  process.env.PATH = `${FAKE_TOOLS}${delimiter}${saved.PATH ?? ''}`;
  process.env.PASSWORD_STORE_DIR = join(home, 'password-store');
  process.env.FAKE_SECRET_FILE = join(home, 'secrets.json');
  process.env.FAKE_KWALLET_FILE = join(home, 'kwallet.json');
});
afterEach(() => {
  process.env = { ...saved };
});

describe.each(['pass', 'os', 'kwallet'] as const)('%s backend through its tool', (backend) => {
  it.skipIf(backend === 'os' && process.platform !== 'linux')('stores, finds, lists and deletes keys', async () => {
    const kr = openKeyring({ backend, dir: '/unused' });
    expect(await kr.list()).toEqual([]);
    await kr.newAccount('alice', ABANDON_MNEMONIC, '', ABANDON.index0.path, 'eth_secp256k1');
    await kr.newAccount('bob', ABANDON_MNEMONIC, '', ABANDON.index1.path, 'eth_secp256k1');
    const again = openKeyring({ backend, dir: '/unused' });
    expect((await again.list()).map((r) => r.name)).toEqual(['alice', 'bob']);
    expect((await again.key('alice')).privKey?.key).toEqual(Uint8Array.from(Buffer.from(ABANDON.index0.privateKey, 'hex')));
    await again.delete('alice');
    expect((await openKeyring({ backend, dir: '/unused' }).list()).map((r) => r.name)).toEqual(['bob']);
    expect((await again.store.keys()).sort()).toEqual(['9118b77029188c8ccda60f305ade93288aaf7b00.address', 'bob.info']);
  });
});

describe('missing system tools', () => {
  it('names the missing tool and the backends that work', async () => {
    process.env.PATH = await mkdtemp(join(tmpdir(), 'empty-path-'));
    expect(workingBackends()).toEqual(['file', 'test', 'memory']);
    expect(() => openKeyringStore({ backend: 'pass', dir: '/x' })).toThrow(
      'keyring backend "pass" is not available on this system: it needs the password manager "pass" (and GnuPG) on PATH, which was not found. ' +
        'Backends that work here: file, test, memory (choose one with --keyring-backend)',
    );
    expect(() => openKeyringStore({ backend: 'kwallet', dir: '/x' })).toThrow(
      'keyring backend "kwallet" is not available on this system: it needs the KDE Wallet client "kwallet-query" on PATH, which was not found.',
    );
    if (process.platform === 'linux') {
      expect(() => openKeyringStore({ backend: 'os', dir: '/x' })).toThrow(
        'keyring backend "os" is not available on this system: it needs the Secret Service client "secret-tool" (libsecret-tools) on PATH, which was not found.',
      );
    }
  });

  it('lists the system backends whose tools are present', () => {
    expect(workingBackends()).toEqual(process.platform === 'linux' ? ['os', 'file', 'kwallet', 'pass', 'test', 'memory'] : ['file', 'kwallet', 'pass', 'test', 'memory']);
  });
});
