/** `chaind keys list|show|delete|parse|mnemonic|migrate` and general CLI behaviour, as real processes. */
import { toBech32 } from '@cosmjs/encoding';
import { sha256 } from '@noble/hashes/sha2.js';
import { entropyToMnemonic, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ABANDON, ABANDON_MNEMONIC } from '../crypto/vectors.ts';
import { runChaind, tempHome } from './run-chaind.ts';

const ETH_TYPE = '/chain.crypto.v1.ethsecp256k1.PubKey';
const pubkey0 = `{"@type":"${ETH_TYPE}","key":"${ABANDON.index0.publicKeyBase64}"}`;
const pubkey1 = `{"@type":"${ETH_TYPE}","key":"${Buffer.from(ABANDON.index1.publicKey, 'hex').toString('base64')}"}`;
const entry = (name: string, address: string, pubkey: string) =>
  `- name: ${name}\n  type: local\n  address: ${address}\n  pubkey: '${pubkey}'\n  mnemonic: ""\n`;

/** A home with alice (index 0) and bob (index 1) in the test backend. */
async function homeWithKeys(): Promise<{ home: string; flags: string[] }> {
  const home = await tempHome();
  const flags = ['--keyring-backend', 'test', '--home', home];
  await runChaind(['keys', 'add', 'bob', '--recover', '--index', '1', ...flags], ABANDON_MNEMONIC);
  await runChaind(['keys', 'add', 'alice', '--recover', ...flags], ABANDON_MNEMONIC);
  return { home, flags };
}

describe.concurrent('keys list / show', () => {
  it('lists every key as a YAML list, as JSON, or by name', async () => {
    const { flags } = await homeWithKeys();
    const text = await runChaind(['keys', 'list', ...flags]);
    expect(text).toEqual({
      code: 0,
      stdout: entry('alice', ABANDON.index0.address, pubkey0) + entry('bob', ABANDON.index1.address, pubkey1) + '\n',
      stderr: '',
    });
    const json = await runChaind(['keys', 'list', ...flags, '--output', 'json']);
    expect(JSON.parse(json.stdout)).toEqual([
      { name: 'alice', type: 'local', address: ABANDON.index0.address, pubkey: pubkey0 },
      { name: 'bob', type: 'local', address: ABANDON.index1.address, pubkey: pubkey1 },
    ]);
    expect((await runChaind(['keys', 'list', '-n', ...flags])).stdout).toBe('alice\nbob\n');
    expect((await runChaind(['keys', 'list', '--list-names', ...flags])).stdout).toBe('alice\nbob\n');
  });

  it('prints an empty keyring as the SDK does', async () => {
    const flags = ['--keyring-backend', 'test', '--home', await tempHome()];
    expect(await runChaind(['keys', 'list', ...flags])).toEqual({ code: 0, stdout: '[]\n\n', stderr: '' });
    expect(await runChaind(['keys', 'list', '-o', 'json', ...flags])).toEqual({
      code: 0,
      stdout: 'No records were found in keyring\n',
      stderr: '',
    });
  });

  it('shows a key by name or by address, with each bech prefix', async () => {
    const { flags } = await homeWithKeys();
    expect((await runChaind(['keys', 'show', 'alice', ...flags])).stdout).toBe(entry('alice', ABANDON.index0.address, pubkey0) + '\n');
    expect((await runChaind(['keys', 'show', ABANDON.index1.address, ...flags])).stdout).toBe(
      entry('bob', ABANDON.index1.address, pubkey1) + '\n',
    );
    expect((await runChaind(['keys', 'show', 'alice', '-a', ...flags])).stdout).toBe(ABANDON.index0.address + '\n');
    expect((await runChaind(['keys', 'show', 'alice', '--address', '--bech', 'val', ...flags])).stdout).toBe(ABANDON.index0.valoper + '\n');
    const cons = toBech32('stvalcons', Buffer.from(ABANDON.index0.ethAddress.slice(2), 'hex'));
    expect((await runChaind(['keys', 'show', 'alice', '-a', '--bech', 'cons', ...flags])).stdout).toBe(cons + '\n');
    expect((await runChaind(['keys', 'show', 'alice', '-p', ...flags])).stdout).toBe(pubkey0 + '\n');
    expect(JSON.parse((await runChaind(['keys', 'show', 'alice', '-o', 'json', ...flags])).stdout)).toEqual({
      name: 'alice',
      type: 'local',
      address: ABANDON.index0.address,
      pubkey: pubkey0,
    });
  });

  it('explains every show refusal', async () => {
    const { flags } = await homeWithKeys();
    const cases: [string[], string][] = [
      [['carol'], 'Error: carol is not a valid name or address: carol.info: key not found\n'],
      [
        [ABANDON.ethPath.address],
        `Error: ${ABANDON.ethPath.address} is not a valid name or address: key with address ${ABANDON.ethPath.address} not found: key not found\n`,
      ],
      [['alice', '-a', '-p'], 'Error: cannot use both --address and --pubkey at once\n'],
      [['alice', '-a', '-o', 'text'], 'Error: cannot use --output with --address or --pubkey\n'],
      [['alice', '--bech', 'xyz'], 'Error: invalid Bech32 prefix encoding provided: xyz\n'],
      [
        ['alice', 'bob', '--multisig-threshold', '2'],
        'Error: showing several keys as one multisig key is not supported by chaind (it has no legacy amino multisig public keys); show the keys one by one\n',
      ],
      [['alice', '-d'], 'Error: the device flag (-d) needs a Ledger device, which chaind does not support\n'],
    ];
    for (const [args, stderr] of cases) {
      expect(await runChaind(['keys', 'show', ...args, ...flags])).toEqual({ code: 1, stdout: '', stderr });
    }
  });
});

describe.concurrent('keys rename', () => {
  it('renames after "y" (the address stays, the index follows), keeps after "n"; -y skips the question; a name in use is refused', async () => {
    const { home, flags } = await homeWithKeys();
    expect(await runChaind(['keys', 'rename', 'alice', 'carol', ...flags], 'n\n')).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await runChaind(['keys', 'rename', 'alice', 'bob', '-y', ...flags])).toEqual({ code: 1, stdout: '', stderr: 'Error: rename failed, bob: key already exists\n' });
    expect(await runChaind(['keys', 'rename', 'alice', 'carol', ...flags], 'y\n')).toEqual({
      code: 0,
      stdout: '',
      stderr: 'Key was successfully renamed from alice to carol\n',
    });
    expect((await runChaind(['keys', 'show', 'carol', '-a', ...flags])).stdout).toBe(`${ABANDON.index0.address}\n`);
    expect((await runChaind(['keys', 'show', ABANDON.index0.address, ...flags])).stdout).toContain('name: carol');
    expect((await runChaind(['keys', 'show', 'alice', ...flags])).code).toBe(1);
    expect((await readdir(join(home, 'keyring-test'))).sort()).toEqual(['39330eb4d159cd194a044041900aef978d7532fa.address', '9118b77029188c8ccda60f305ade93288aaf7b00.address', 'bob.info', 'carol.info']);
    expect(await runChaind(['keys', 'rename', 'carol', 'dave', '-y', ...flags])).toEqual({ code: 0, stdout: '', stderr: 'Key was successfully renamed from carol to dave\n' });
    expect(await runChaind(['keys', 'rename', 'nobody', 'x', '-y', ...flags])).toEqual({ code: 1, stdout: '', stderr: 'Error: nobody.info: key not found\n' });
  });
});

describe.concurrent('keys delete', () => {
  it('deletes after "y", keeps after "n", and needs an answer', async () => {
    const { home, flags } = await homeWithKeys();
    const kept = await runChaind(['keys', 'delete', 'alice', ...flags], 'n\n');
    expect(kept).toEqual({ code: 0, stdout: '', stderr: '' });
    const unanswered = await runChaind(['keys', 'delete', 'alice', ...flags], '');
    expect(unanswered).toEqual({ code: 1, stdout: '', stderr: 'Error: deleting alice needs a confirmation: answer y on stdin, or pass -y\n' });
    const deleted = await runChaind(['keys', 'delete', 'alice', ...flags], 'y\n');
    expect(deleted).toEqual({ code: 0, stdout: '', stderr: 'Key deleted forever (uh oh!)\n' });
    expect((await readdir(join(home, 'keyring-test'))).sort()).toEqual(['9118b77029188c8ccda60f305ade93288aaf7b00.address', 'bob.info']);
  });

  it('-y skips the question; offline keys lose only their reference', async () => {
    const { flags } = await homeWithKeys();
    expect(await runChaind(['keys', 'delete', 'alice', 'bob', '-y', ...flags])).toEqual({
      code: 0,
      stdout: '',
      stderr: 'Key deleted forever (uh oh!)\nKey deleted forever (uh oh!)\n',
    });
    const home2 = await tempHome();
    const f2 = ['--keyring-backend', 'test', '--home', home2];
    await runChaind(['keys', 'add', 'watch', '--pubkey', pubkey1, ...f2]);
    expect((await runChaind(['keys', 'delete', 'watch', '--yes', ...f2])).stderr).toBe('Public key reference deleted\n');
  });

  it('deletes nothing when one of the names is unknown', async () => {
    const { home, flags } = await homeWithKeys();
    expect(await runChaind(['keys', 'delete', 'alice', 'carol', '-y', ...flags])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: carol.info: key not found\n',
    });
    expect((await readdir(join(home, 'keyring-test'))).length).toBe(4);
  });
});

describe.concurrent('keys parse / mnemonic / migrate', () => {
  it('parses bech32 into prefix and bytes, in text and JSON', async () => {
    expect(await runChaind(['keys', 'parse', ABANDON.index0.address])).toEqual({
      code: 0,
      stdout: 'human: st\nbytes: 39330EB4D159CD194A044041900AEF978D7532FA\n\n',
      stderr: '',
    });
    expect(JSON.parse((await runChaind(['keys', 'parse', ABANDON.index0.valoper, '-o', 'json'])).stdout)).toEqual({
      human: 'stvaloper',
      bytes: '39330EB4D159CD194A044041900AEF978D7532FA',
    });
  });

  it('parses hex into the six SDK bech32 forms (cosmjs computes the same)', async () => {
    const bytes = Buffer.from('39330EB4D159CD194A044041900AEF978D7532FA', 'hex');
    const prefixes = ['st', 'stpub', 'stvaloper', 'stvaloperpub', 'stvalcons', 'stvalconspub'];
    const expected = prefixes.map((p) => toBech32(p, bytes));
    expect(await runChaind(['keys', 'parse', '39330EB4D159CD194A044041900AEF978D7532FA'])).toEqual({
      code: 0,
      stdout: `formats:\n${expected.map((f) => `- ${f}\n`).join('')}\n`,
      stderr: '',
    });
    expect(JSON.parse((await runChaind(['keys', 'parse', ABANDON.index0.ethAddress, '-o', 'json'])).stdout)).toEqual({ formats: expected });
  });

  it('refuses what is neither bech32 nor hex', async () => {
    expect(await runChaind(['keys', 'parse', 'hello'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: couldn\'t find valid bech32 nor hex data in "hello"\n',
    });
    const typo = ABANDON.index0.address.slice(0, -1) + 'y';
    expect((await runChaind(['keys', 'parse', typo])).stderr).toBe(
      `Error: couldn't find valid bech32 nor hex data in "${typo}": invalid bech32 checksum in "${typo}"\n`,
    );
    expect((await runChaind(['keys', 'parse', ' '])).stderr).toBe("Error: couldn't parse empty input\n");
  });

  it('generates a valid 24-word mnemonic', async () => {
    const r = await runChaind(['keys', 'mnemonic']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split(' ')).toHaveLength(24);
    expect(validateMnemonic(r.stdout.trim(), wordlist)).toBe(true);
  });

  it('--unsafe-entropy hashes the typed entropy with sha256', async () => {
    const entropy = 'this is my own entropy: dice 6 2 5 1 4 3 3 6 2 1 5 5 4 2 6 1 3';
    const expected = entropyToMnemonic(sha256(new TextEncoder().encode(entropy)), wordlist);
    expect(await runChaind(['keys', 'mnemonic', '--unsafe-entropy'], `${entropy}\ny\n`)).toEqual({ code: 0, stdout: expected + '\n', stderr: '' });
    expect(await runChaind(['keys', 'mnemonic', '--unsafe-entropy'], `${entropy}\nn\n`)).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await runChaind(['keys', 'mnemonic', '--unsafe-entropy'], 'too short\ny\n')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: 256-bits is 43 characters in Base-64, and 100 in Base-6. You entered 9, and probably want more\n',
    });
  });

  it('migrate has nothing to do, and names records it cannot read', async () => {
    const { home, flags } = await homeWithKeys();
    expect(await runChaind(['keys', 'migrate', ...flags])).toEqual({
      code: 0,
      stdout: `Nothing to migrate: all 2 key(s) in ${join(home, 'keyring-test')} are already in the current format.\n`,
      stderr: '',
    });
    const empty = await tempHome();
    expect((await runChaind(['keys', 'migrate', '--keyring-backend', 'test', '--home', empty])).stdout).toBe(
      `Nothing to migrate: the keyring in ${join(empty, 'keyring-test')} holds no keys.\n`,
    );
    await writeFile(join(home, 'keyring-test', 'old.info'), Buffer.from([0x0a, 0x03, 0x6f, 0x6c, 0x64]));
    const r = await runChaind(['keys', 'migrate', ...flags]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `cannot migrate old.info: keyring record old.info in ${join(home, 'keyring-test')} cannot be read: it is not JSON (a protobuf or amino record of the Cosmos SDK keyring?). ` +
        'Export the key with the tool that wrote it (`keys export`) and import it here with `chaind keys import`\n' +
        `Error: 1 keyring item(s) in ${join(home, 'keyring-test')} could not be read; nothing was changed\n`,
    );
  });
});

describe.concurrent('keyring selection and CLI errors', () => {
  it('--keyring-dir overrides the home directory', async () => {
    const home = await tempHome();
    const dir = join(dirname(home), `${home.split('/').at(-1)}-keys`);
    const r = await runChaind(['keys', 'add', 'alice', '--recover', '--keyring-backend', 'test', '--home', home, '--keyring-dir', dir], ABANDON_MNEMONIC);
    expect(r.code).toBe(0);
    expect((await readdir(join(dir, 'keyring-test'))).sort()).toEqual(['39330eb4d159cd194a044041900aef978d7532fa.address', 'alice.info']);
  });

  it('the default os backend names the backends that work when secret-tool is missing', async () => {
    const r = await runChaind(['keys', 'list', '--home', await tempHome()], '', { PATH: dirname(process.execPath) });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      process.platform === 'linux'
        ? 'Error: keyring backend "os" is not available on this system: it needs the Secret Service client "secret-tool" (libsecret-tools) on PATH, which was not found. Backends that work here: file, test, memory (choose one with --keyring-backend)\n'
        : expect.stringContaining('Error: keyring backend "os" is not available on this system'),
    );
  });

  it('an unknown backend, subcommand or option fails without a stack trace', async () => {
    const home = await tempHome();
    expect(await runChaind(['keys', 'list', '--keyring-backend', 'vault', '--home', home])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: unknown keyring backend "vault"; choose one of os, file, kwallet, pass, test, memory\n',
    });
    const sub = await runChaind(['keys', 'lsit']);
    expect(sub.code).toBe(1);
    expect(sub.stderr).toContain('Error: unknown command "lsit" for "chaind keys"');
    const opt = await runChaind(['keys', 'list', '--bogus']);
    expect(opt.code).toBe(1);
    expect(opt.stderr).toContain('Error: unknown flag: --bogus');
    const fmt = await runChaind(['keys', 'list', '-o', 'yaml']);
    expect(fmt.code).toBe(1);
    expect(fmt.stderr).toContain('Error: invalid argument "yaml" for "-o, --output" flag: Allowed choices are text, json.');
    for (const r of [sub, opt, fmt]) expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("client.toml's keyring-backend is the default; a flag wins; flags may come before the command words, and -o=json reads as -o json", async () => {
    const { home } = await homeWithKeys();
    await mkdir(join(home, 'config'), { recursive: true });
    await writeFile(join(home, 'config', 'client.toml'), 'keyring-backend = "test"\n');
    const listed = await runChaind(['--home', home, 'keys', 'list', '-o=json']);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).map((k: { name: string }) => k.name)).toEqual(['alice', 'bob']);
    const shown = await runChaind(['keys', '--home', home, 'show', 'alice', '-a']);
    expect(shown).toEqual({ code: 0, stdout: `${ABANDON.index0.address}\n`, stderr: '' });
    const memory = await runChaind(['--keyring-backend', 'memory', 'keys', 'list', '--home', home, '--output', 'json']);
    expect(memory).toEqual({ code: 0, stdout: 'No records were found in keyring\n', stderr: '' });
  });

  it("client.toml's output is the default format; -o wins; show -a still refuses only a given -o", async () => {
    const { home } = await homeWithKeys();
    await mkdir(join(home, 'config'), { recursive: true });
    await writeFile(join(home, 'config', 'client.toml'), 'keyring-backend = "test"\noutput = "json"\n');
    const listed = await runChaind(['keys', 'list', '--home', home]);
    expect(JSON.parse(listed.stdout).map((k: { name: string }) => k.name)).toEqual(['alice', 'bob']);
    const text = await runChaind(['keys', 'show', 'alice', '--home', home, '-o', 'text']);
    expect(text.stdout.startsWith('- name: alice\n')).toBe(true);
    expect(await runChaind(['keys', 'show', 'alice', '-a', '--home', home])).toEqual({ code: 0, stdout: `${ABANDON.index0.address}\n`, stderr: '' });
  });

  it('--help exits 0 and lists the subcommands', async () => {
    const r = await runChaind(['keys', '--help']);
    expect(r.code).toBe(0);
    for (const sub of ['add', 'delete', 'export', 'import', 'list', 'migrate', 'mnemonic', 'parse', 'show', 'unsafe-export-eth-key', 'unsafe-import-eth-key']) {
      expect(r.stdout).toMatch(new RegExp(`\\n  ${sub} `));
    }
  });
});
