/** `chaind keys add` as a real process: outputs, derivation flags, refusals. */
import { rawSecp256k1PubkeyToRawAddress } from '@cosmjs/amino';
import { toBech32 } from '@cosmjs/encoding';
import { getBytes, HDNodeWallet } from 'ethers';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ABANDON, ABANDON_MNEMONIC } from '../crypto/vectors.ts';
import { runChaind, tempHome } from './run-chaind.ts';

const ETH_TYPE = '/chain.crypto.v1.ethsecp256k1.PubKey';
const pubkeyJson = (type: string, key: string) => `{"@type":"${type}","key":"${key}"}`;
const yamlKey = (name: string, type: string, address: string, pubkey: string) =>
  `- name: ${name}\n  type: ${type}\n  address: ${address}\n  pubkey: '${pubkey}'\n  mnemonic: ""\n\n`;
/** st1… spelling of the Ethereum address ethers derives on `path` (independent derivation) */
const ethersAddress = (mnemonic: string, path: string) =>
  toBech32('st', getBytes(HDNodeWallet.fromPhrase(mnemonic, undefined, path).address));

const ALICE_YAML = yamlKey('alice', 'local', ABANDON.index0.address, pubkeyJson(ETH_TYPE, ABANDON.index0.publicKeyBase64));

async function files(home: string, dir = 'keyring-test'): Promise<string[]> {
  try {
    return (await readdir(join(home, dir))).sort();
  } catch {
    return [];
  }
}

describe.concurrent('keys add', () => {
  it('--recover reads the mnemonic from stdin and prints the SDK YAML', async () => {
    const home = await tempHome();
    const r = await runChaind(['keys', 'add', 'alice', '--recover', '--keyring-backend', 'test', '--home', home], ABANDON_MNEMONIC + '\n');
    expect(r).toEqual({ code: 0, stdout: ALICE_YAML, stderr: '\n' });
    expect(await files(home)).toEqual(['39330eb4d159cd194a044041900aef978d7532fa.address', 'alice.info']);
  });

  it('-o json prints one JSON object without the mnemonic of a recovered key', async () => {
    const home = await tempHome();
    const r = await runChaind(['keys', 'add', 'alice', '--recover', '--keyring-backend', 'test', '--home', home, '-o', 'json'], ABANDON_MNEMONIC);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({
      name: 'alice',
      type: 'local',
      address: ABANDON.index0.address,
      pubkey: pubkeyJson(ETH_TYPE, ABANDON.index0.publicKeyBase64),
    });
  });

  it('--index, --account, --coin-type and --hd-path choose the path (ethers derives the same addresses)', async () => {
    const home = await tempHome();
    const cases: [string[], string][] = [
      [['--index', '1'], ABANDON.index1.address],
      [['--account', '2', '--index', '3'], ethersAddress(ABANDON_MNEMONIC, "m/44'/606'/2'/0/3")],
      [['--coin-type', '60'], ABANDON.ethPath.address],
      [['--hd-path', "m/44'/606'/7'/1/9"], ethersAddress(ABANDON_MNEMONIC, "m/44'/606'/7'/1/9")],
    ];
    expect(cases[0][1]).toBe(ethersAddress(ABANDON_MNEMONIC, ABANDON.index1.path));
    let n = 0;
    for (const [flags, address] of cases) {
      const r = await runChaind(['keys', 'add', `k${n++}`, '--recover', ...flags, '--keyring-backend', 'test', '--home', home, '-o', 'json'], ABANDON_MNEMONIC);
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout).address).toBe(address);
    }
  });

  it('--algo secp256k1 makes a framework key with the ripemd160 address', async () => {
    const home = await tempHome();
    const r = await runChaind(['keys', 'add', 'cosmos', '--recover', '--algo', 'secp256k1', '--keyring-backend', 'test', '--home', home, '-o', 'json'], ABANDON_MNEMONIC);
    const out = JSON.parse(r.stdout);
    expect(out.address).toBe(ABANDON.index0.wrongAlgoAddress);
    expect(out.address).toBe(toBech32('st', rawSecp256k1PubkeyToRawAddress(Buffer.from(ABANDON.index0.publicKey, 'hex'))));
    expect(out.pubkey).toBe(pubkeyJson('/sdk.crypto.secp256k1.PubKey', ABANDON.index0.publicKeyBase64));
  });

  it('a new key prints its 24-word mnemonic once, on stderr, and the mnemonic derives the key', async () => {
    const home = await tempHome();
    const r = await runChaind(['keys', 'add', 'fresh', '--keyring-backend', 'test', '--home', home]);
    expect(r.code).toBe(0);
    const match = /^\n\n\*\*Important\*\* write this mnemonic phrase in a safe place\.\nIt is the only way to recover your account if you ever forget your password\.\n\n((?:[a-z]+ ){23}[a-z]+)\n$/.exec(r.stderr);
    expect(match).not.toBeNull();
    const address = ethersAddress(match![1], "m/44'/606'/0'/0/0");
    expect(r.stdout).toMatch(new RegExp(`^- name: fresh\\n  type: local\\n  address: ${address}\\n`));
  });

  it('-o json of a new key carries the mnemonic; --no-backup hides it', async () => {
    const home = await tempHome();
    const withMnemonic = JSON.parse((await runChaind(['keys', 'add', 'a', '--keyring-backend', 'test', '--home', home, '-o', 'json'])).stdout);
    expect(withMnemonic.mnemonic.split(' ')).toHaveLength(24);
    expect(withMnemonic.address).toBe(ethersAddress(withMnemonic.mnemonic, "m/44'/606'/0'/0/0"));
    const hidden = await runChaind(['keys', 'add', 'b', '--no-backup', '--keyring-backend', 'test', '--home', home]);
    expect(hidden.code).toBe(0);
    expect(hidden.stderr).toBe('\n');
    expect(hidden.stdout).toMatch(/^- name: b\n/);
  });

  it('--dry-run stores nothing', async () => {
    const home = await tempHome();
    const r = await runChaind(['keys', 'add', 'alice', '--recover', '--dry-run', '--keyring-backend', 'test', '--home', home], ABANDON_MNEMONIC);
    expect(r.stdout).toBe(ALICE_YAML);
    expect(await files(home)).toEqual([]);
  });

  it("--pubkey stores an offline key in the home's words; the other profile's type URL is refused", async () => {
    const home = await tempHome();
    const key = Buffer.from(ABANDON.index1.publicKey, 'hex').toString('base64');
    const r = await runChaind(['keys', 'add', 'watch', '--pubkey', pubkeyJson(ETH_TYPE, key), '--keyring-backend', 'test', '--home', home]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(yamlKey('watch', 'offline', ABANDON.index1.address, pubkeyJson(ETH_TYPE, key)));
    const real = pubkeyJson('/stratos.crypto.v1.ethsecp256k1.PubKey', key);
    const refused = await runChaind(['keys', 'add', 'watch2', '--pubkey', real, '--keyring-backend', 'test', '--home', home]);
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error: public key type "/stratos.crypto.v1.ethsecp256k1.PubKey" is in the real profile's words, and this home uses the neutral naming profile: give "${ETH_TYPE}"\n`,
    });
  });

  it('an existing name is replaced only after "y"', async () => {
    const home = await tempHome();
    const base = ['--recover', '--keyring-backend', 'test', '--home', home];
    await runChaind(['keys', 'add', 'alice', ...base], ABANDON_MNEMONIC);
    const refused = await runChaind(['keys', 'add', 'alice', ...base, '--index', '1'], `n\n${ABANDON_MNEMONIC}\n`);
    expect(refused).toEqual({ code: 1, stdout: '', stderr: 'Error: aborted: a key named alice already exists and was not overwritten\n' });
    const noAnswer = await runChaind(['keys', 'add', 'alice', ...base, '--index', '1'], '');
    expect(noAnswer.stderr).toBe('Error: aborted: a key named alice already exists and was not overwritten\n');
    expect(await files(home)).toEqual(['39330eb4d159cd194a044041900aef978d7532fa.address', 'alice.info']);

    const replaced = await runChaind(['keys', 'add', 'alice', ...base, '--index', '1', '-o', 'json'], `y\n${ABANDON_MNEMONIC}\n`);
    expect(replaced.code).toBe(0);
    expect(JSON.parse(replaced.stdout).address).toBe(ABANDON.index1.address);
    expect(await files(home)).toEqual(['9118b77029188c8ccda60f305ade93288aaf7b00.address', 'alice.info']);
  });

  it('refuses bad mnemonics with the reason and leaves the keyring unchanged', async () => {
    const home = await tempHome();
    const base = ['keys', 'add', 'bad', '--recover', '--keyring-backend', 'test', '--home', home];
    const wrongWord = await runChaind(base, ABANDON_MNEMONIC.replace('about', 'abuot'));
    expect(wrongWord).toEqual({ code: 1, stdout: '', stderr: 'Error: invalid mnemonic: word 12 "abuot" is not in the BIP39 English word list\n' });
    const checksum = await runChaind(base, ABANDON_MNEMONIC.replace('about', 'abandon'));
    expect(checksum.stderr).toBe('Error: invalid mnemonic: checksum mismatch: every word is valid, but the last word does not match the others\n');
    const short = await runChaind(base, 'abandon about');
    expect(short.stderr).toBe('Error: invalid mnemonic: 2 words; expected 12, 15, 18, 21 or 24\n');
    const none = await runChaind(base, '');
    expect(none.stderr).toBe('Error: no mnemonic given: stdin ended before the bip39 mnemonic\n');
    expect(await files(home)).toEqual([]);
  });

  it('refuses a second name for the same address', async () => {
    const home = await tempHome();
    const base = ['--recover', '--keyring-backend', 'test', '--home', home];
    await runChaind(['keys', 'add', 'alice', ...base], ABANDON_MNEMONIC);
    const r = await runChaind(['keys', 'add', 'again', ...base], ABANDON_MNEMONIC);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error: duplicated address created: key "alice" already has address ${ABANDON.index0.address}\n`,
    });
    expect(await files(home)).toEqual(['39330eb4d159cd194a044041900aef978d7532fa.address', 'alice.info']);
  });

  it('refuses what chaind does not support, clearly', async () => {
    const home = await tempHome();
    const base = ['--keyring-backend', 'test', '--home', home];
    expect((await runChaind(['keys', 'add', 'm', '--multisig', 'a,b', ...base])).stderr).toBe(
      'Error: multisig keys are not supported by chaind (it has no legacy amino multisig public keys); add the member keys one by one\n',
    );
    expect((await runChaind(['keys', 'add', 'l', '--ledger', ...base])).stderr).toBe(
      'Error: Ledger devices are not supported by chaind; add a local key (mnemonic) or an offline key (--pubkey)\n',
    );
    const algo = await runChaind(['keys', 'add', 'e', '--algo', 'ed25519', ...base]);
    expect(algo).toEqual({ code: 1, stdout: '', stderr: 'Error: provided algorithm "ed25519" is not supported; supported: eth_secp256k1, secp256k1\n' });
    const path = await runChaind(['keys', 'add', 'p', '--hd-path', "44'/606'", ...base]);
    expect(path.stderr).toBe(`Error: invalid HD path "44'/606'": it must start with "m/"\n`);
    const index = await runChaind(['keys', 'add', 'i', '--index', '-1', ...base]);
    expect(index.code).toBe(1);
    expect(index.stderr).toContain('Error: invalid argument "-1" for "--index" flag: expected an unsigned 32-bit integer.');
    const pub = await runChaind(['keys', 'add', 'o', '--pubkey', '{"@type":"/x","key":"AA=="}', ...base]);
    expect(pub.stderr).toMatch(/^Error: unsupported public key type "\/x"; known types: /);
    expect(await files(home)).toEqual([]);
  });
});
