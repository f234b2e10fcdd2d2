/** `chaind keys export|import|unsafe-export-eth-key|unsafe-import-eth-key` and the file backend, as real processes. */
import { rawSecp256k1PubkeyToRawAddress } from '@cosmjs/amino';
import { Secp256k1 } from '@cosmjs/crypto';
import { toBech32 } from '@cosmjs/encoding';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ABANDON, ABANDON_MNEMONIC } from '../crypto/vectors.ts';
import { runChaind, tempHome } from './run-chaind.ts';

/** Cosmos SDK client/keys/import_test.go (passphrase 123456789): armor written by a real node */
const SDK_ARMOR = `-----BEGIN TENDERMINT PRIVATE KEY-----
salt: A790BB721D1C094260EA84F5E5B72289
kdf: bcrypt

HbP+c6JmeJy9JXe2rbbF1QtCX1gLqGcDQPBXiCtFvP7/8wTZtVOPj8vREzhZ9ElO
3P7YnrzPQThG0Q+ZnRSbl9MAS8uFAM4mqm5r/Ys=
=f3l4
-----END TENDERMINT PRIVATE KEY-----
`;
const SDK_ARMOR_KEY = '2485e33678db4175dc0ecef2d6e1fc493d4a0d7f7ce83324b6ed70afe77f3485';

async function homeWithAlice(backend = 'test', stdinAfterMnemonic = ''): Promise<string[]> {
  const home = await tempHome();
  const flags = ['--keyring-backend', backend, '--home', home];
  const r = await runChaind(['keys', 'add', 'alice', '--recover', ...flags], `${ABANDON_MNEMONIC}\n${stdinAfterMnemonic}`);
  expect(r.code).toBe(0);
  return flags;
}

describe.concurrent('keys export / import', () => {
  it('exports an armored key that imports elsewhere with the same address', async () => {
    const flags = await homeWithAlice();
    const exported = await runChaind(['keys', 'export', 'alice', ...flags], 'exportpass\n');
    expect(exported.code).toBe(0);
    expect(exported.stderr).toBe('');
    expect(exported.stdout).toMatch(
      /^-----BEGIN TENDERMINT PRIVATE KEY-----\nkdf: bcrypt\nsalt: [0-9A-F]{32}\ntype: eth_secp256k1\n\n[A-Za-z0-9+/]{64}\n[A-Za-z0-9+/=]{40}\n=[A-Za-z0-9+/]{4}\n-----END TENDERMINT PRIVATE KEY-----\n$/,
    );
    const other = await tempHome();
    const keyfile = join(other, 'alice.armor');
    await writeFile(keyfile, exported.stdout);
    const otherFlags = ['--keyring-backend', 'test', '--home', other];
    expect(await runChaind(['keys', 'import', 'copy', keyfile, ...otherFlags], 'exportpass\n')).toEqual({ code: 0, stdout: '', stderr: '' });
    expect((await runChaind(['keys', 'show', 'copy', '-a', ...otherFlags])).stdout).toBe(ABANDON.index0.address + '\n');
  });

  it('imports a key exported by a real Cosmos SDK node', async () => {
    const home = await tempHome();
    const flags = ['--keyring-backend', 'test', '--home', home];
    const keyfile = join(home, 'sdk.armor');
    await writeFile(keyfile, SDK_ARMOR);
    expect(await runChaind(['keys', 'import', 'sdk', keyfile, ...flags], '123456789\n')).toEqual({ code: 0, stdout: '', stderr: '' });
    const shown = JSON.parse((await runChaind(['keys', 'show', 'sdk', '-o', 'json', ...flags])).stdout);
    const pub = Secp256k1.compressPubkey((await Secp256k1.makeKeypair(Buffer.from(SDK_ARMOR_KEY, 'hex'))).pubkey);
    expect(shown.address).toBe(toBech32('st', rawSecp256k1PubkeyToRawAddress(pub)));
    expect(shown.pubkey).toBe(`{"@type":"/sdk.crypto.secp256k1.PubKey","key":"${Buffer.from(pub).toString('base64')}"}`);
    const hex = await runChaind(['keys', 'export', 'sdk', '--unarmored-hex', '--unsafe', ...flags], 'y\n');
    expect(hex).toEqual({ code: 0, stdout: SDK_ARMOR_KEY + '\n', stderr: '' });
  });

  it('refuses a wrong or short passphrase, an existing name and a missing file', async () => {
    const home = await tempHome();
    const flags = ['--keyring-backend', 'test', '--home', home];
    const keyfile = join(home, 'sdk.armor');
    await writeFile(keyfile, SDK_ARMOR);
    expect(await runChaind(['keys', 'import', 'sdk', keyfile, ...flags], '987654321\n')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: failed to decrypt private key: invalid account password\n',
    });
    expect((await runChaind(['keys', 'import', 'sdk', keyfile, ...flags], '1234\n')).stderr).toBe(
      'Error: password must be at least 8 characters\n',
    );
    expect((await runChaind(['keys', 'import', 'sdk', join(home, 'nope'), ...flags], '123456789\n')).stderr).toBe(
      `Error: cannot read key file ${join(home, 'nope')}: no such file\n`,
    );
    expect(await readdir(home)).toEqual(['sdk.armor']); // no keyring was created
    await runChaind(['keys', 'import', 'sdk', keyfile, ...flags], '123456789\n');
    expect((await runChaind(['keys', 'import', 'sdk', keyfile, ...flags], '123456789\n')).stderr).toBe('Error: cannot overwrite key: sdk\n');
    await writeFile(keyfile, SDK_ARMOR.replace('=f3l4', '=AAAA'));
    expect((await runChaind(['keys', 'import', 'other', keyfile, ...flags], '123456789\n')).stderr).toBe(
      'Error: failed to decrypt private key: armored block "TENDERMINT PRIVATE KEY": CRC-24 checksum mismatch (the text was altered or truncated)\n',
    );
  });

  it('--unarmored-hex needs --unsafe and a confirmation', async () => {
    const flags = await homeWithAlice();
    expect((await runChaind(['keys', 'export', 'alice', '--unsafe', ...flags])).stderr).toBe(
      'Error: the flags unsafe and unarmored-hex must be used together\n',
    );
    expect(await runChaind(['keys', 'export', 'alice', '--unarmored-hex', '--unsafe', ...flags], 'n\n')).toEqual({ code: 0, stdout: '', stderr: '' });
    expect((await runChaind(['keys', 'export', 'alice', '--unarmored-hex', '--unsafe', ...flags], 'yes\n')).stdout).toBe(
      ABANDON.index0.privateKey + '\n',
    );
    expect((await runChaind(['keys', 'export', 'nobody', ...flags], 'exportpass\n')).stderr).toBe('Error: nobody.info: key not found\n');
  });
});

describe.concurrent('unsafe eth key commands', () => {
  it('unsafe-export-eth-key prints the uppercase hex key', async () => {
    const flags = await homeWithAlice();
    expect(await runChaind(['keys', 'unsafe-export-eth-key', 'alice', ...flags])).toEqual({
      code: 0,
      stdout: ABANDON.index0.privateKey.toUpperCase() + '\n',
      stderr: '',
    });
    await runChaind(['keys', 'add', 'cosmos', '--recover', '--algo', 'secp256k1', '--index', '5', ...flags], ABANDON_MNEMONIC);
    expect((await runChaind(['keys', 'unsafe-export-eth-key', 'cosmos', ...flags])).stderr).toBe(
      'Error: invalid key algorithm, got secp256k1, expected eth_secp256k1\n',
    );
  });

  it('unsafe-import-eth-key stores a hex key after the passphrase line', async () => {
    const home = await tempHome();
    const flags = ['--keyring-backend', 'test', '--home', home];
    expect(await runChaind(['keys', 'unsafe-import-eth-key', 'eth', '0x' + ABANDON.index1.privateKey, ...flags], 'passphrase\n')).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect((await runChaind(['keys', 'show', 'eth', '-a', ...flags])).stdout).toBe(ABANDON.index1.address + '\n');
    expect((await runChaind(['keys', 'unsafe-import-eth-key', 'eth', ABANDON.index0.privateKey, ...flags], 'passphrase\n')).stderr).toBe(
      'Error: cannot overwrite key: eth\n',
    );
    expect((await runChaind(['keys', 'unsafe-import-eth-key', 'x', 'zz', ...flags], 'passphrase\n')).stderr).toBe(
      'Error: invalid private key "zz": expected hex digits of 32 bytes (64 hex digits)\n',
    );
    expect((await runChaind(['keys', 'unsafe-import-eth-key', 'x', 'abcd', ...flags], 'passphrase\n')).stderr).toBe(
      'Error: invalid private key "abcd": expected 32 bytes, got 2\n',
    );
    expect((await runChaind(['keys', 'unsafe-import-eth-key', 'x', '00'.repeat(32), ...flags], 'passphrase\n')).stderr).toBe(
      'Error: invalid secp256k1 private key: expected a 32-byte scalar between 1 and n-1\n',
    );
    expect((await readdir(join(home, 'keyring-test'))).sort()).toEqual(['9118b77029188c8ccda60f305ade93288aaf7b00.address', 'eth.info']);
  });
});

describe.concurrent('file backend through the CLI', () => {
  it('asks the keyring passphrase twice on creation and encrypts the records', async () => {
    const flags = await homeWithAlice('file', 'password1\npassword1\n');
    const home = flags[3];
    const files = (await readdir(join(home, 'keyring-file'))).sort();
    expect(files).toEqual(['39330eb4d159cd194a044041900aef978d7532fa.address', 'alice.info', 'keyhash']);
    expect(await readFile(join(home, 'keyring-file', 'alice.info'), 'utf8')).not.toContain(ABANDON.index0.privateKey);
    expect(await runChaind(['keys', 'list', '-n', ...flags], 'password1\n')).toEqual({ code: 0, stdout: 'alice\n', stderr: '' });
  });

  it('a wrong passphrase fails clearly and changes nothing', async () => {
    const flags = await homeWithAlice('file', 'password1\npassword1\n');
    expect(await runChaind(['keys', 'show', 'alice', ...flags], 'password2\npassword3\npassword4\n')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'incorrect passphrase\nincorrect passphrase\nincorrect passphrase\nError: too many failed passphrase attempts\n',
    });
    expect(await runChaind(['keys', 'delete', 'alice', '-y', ...flags], 'password2\n')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'incorrect passphrase\nError: keyring passphrase required, but stdin ended (last attempt: incorrect passphrase)\n',
    });
    expect((await runChaind(['keys', 'show', 'alice', '-a', ...flags], 'password1\n')).stdout).toBe(ABANDON.index0.address + '\n');
  });

  it('export asks the export passphrase first, then the keyring passphrase; unsafe-export-eth-key reads a password line', async () => {
    const flags = await homeWithAlice('file', 'password1\npassword1\n');
    const exported = await runChaind(['keys', 'export', 'alice', ...flags], 'exportpass\npassword1\n');
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain('-----BEGIN TENDERMINT PRIVATE KEY-----\n');
    const unsafe = await runChaind(['keys', 'unsafe-export-eth-key', 'alice', ...flags], 'password1\npassword1\n');
    expect(unsafe).toEqual({ code: 0, stdout: ABANDON.index0.privateKey.toUpperCase() + '\n', stderr: '' });
  });

  it('replacing a key asks the keyring passphrase, then "y", then the mnemonic', async () => {
    const flags = await homeWithAlice('file', 'password1\npassword1\n');
    const r = await runChaind(['keys', 'add', 'alice', '--recover', '--index', '1', '-o', 'json', ...flags], `password1\ny\n${ABANDON_MNEMONIC}\n`);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).address).toBe(ABANDON.index1.address);
    expect((await readdir(join(flags[3], 'keyring-file'))).sort()).toEqual(['9118b77029188c8ccda60f305ade93288aaf7b00.address', 'alice.info', 'keyhash']);
  });

  it('import into a new file keyring: armor passphrase, then the new keyring passphrase twice', async () => {
    const home = await tempHome();
    const keyfile = join(home, 'sdk.armor');
    await writeFile(keyfile, SDK_ARMOR);
    const flags = ['--keyring-backend', 'file', '--home', home];
    expect(await runChaind(['keys', 'import', 'sdk', keyfile, ...flags], '123456789\nkeyringpw\nkeyringpw\n')).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect((await runChaind(['keys', 'list', '-n', ...flags], 'keyringpw\n')).stdout).toBe('sdk\n');
  });
});
