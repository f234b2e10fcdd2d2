/**
 * `--offline`: a tx command never contacts a node. Given alice's account number and sequence on
 * the command line (`-a`, `-s`) and the chain id in client.toml, when a tx command runs with
 * `--offline`, then it signs and prints the signed tx (as `tx sign` prints it) instead of
 * broadcasting it, even with `--node` pointing where nothing listens; the printed tx is valid for
 * `tx broadcast`. Without `-a`/`-s`, or with a simulation, it fails with the SDK's messages.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccount } from '../../../src/modules/auth/state.ts';
import { ABANDON } from '../../crypto/vectors.ts';
import { ALICE, BOB, startLocalNode, type LocalNode } from './local-node.ts';
import { chaindInProcess, syncResponse } from './tx-cli.ts';
import { freePort } from '../../helpers/free-port.ts';

let ln: LocalNode;
let dir: string;
beforeAll(async () => {
  ln = await startLocalNode();
  dir = await mkdtemp(join(tmpdir(), 'chaind-offline-'));
}, 30_000);
afterAll(async () => {
  await ln?.close();
});

const chaind = (...args: string[]) => chaindInProcess([...args, '--home', ln.home]);

function accountOf(address: string): { number: bigint; sequence: bigint } {
  const a = getAccount(ln.node.chain.app.state, address)!;
  return { number: a.account_number, sequence: a.sequence };
}

/** The signed tx JSON the CLI prints, with the signature left to the caller. */
const signedSend = (amount: string, sequence: bigint, signature: string) =>
  `{"body":{"messages":[{"@type":"/sdk.bank.v1beta1.MsgSend","from_address":"${ALICE.address}","to_address":"${BOB.address}","amount":[{"denom":"wei","amount":"${amount}"}]}],` +
  `"memo":"offline","timeout_height":"0","extension_options":[],"non_critical_extension_options":[]},` +
  `"auth_info":{"signer_infos":[{"public_key":{"@type":"/chain.crypto.v1.ethsecp256k1.PubKey","key":"${ABANDON.index0.publicKeyBase64}"},"mode_info":{"single":{"mode":"SIGN_MODE_DIRECT"}},"sequence":"${sequence}"}],` +
  `"fee":{"amount":[{"denom":"wei","amount":"5000000000"}],"gas_limit":"100000","payer":"","granter":""},"tip":null},"signatures":["${signature}"]}\n`;

describe('--offline', { timeout: 30_000 }, () => {
  it('signs with -a/-s and prints the signed tx without contacting a node (--node where nothing listens); tx broadcast sends it later', async () => {
    const { number, sequence } = accountOf(ALICE.address);
    const down = `tcp://127.0.0.1:${await freePort()}`;
    const send = ['tx', 'bank', 'send', 'alice', BOB.address, '21wei', '--offline', '-a', number.toString(), '-s', sequence.toString(), '--fees', '5gwei', '--gas', '100000', '--note', 'offline', '-y'];
    const r = await chaind(...send, '--node', down);
    const signature = JSON.parse(r.stdout || '{}').signatures?.[0] as string;
    expect(Buffer.from(signature, 'base64')).toHaveLength(65);
    expect(r).toEqual({ code: 0, stdout: signedSend('21', sequence, signature), stderr: '' });
    expect(ln.node.mempool.all()).toHaveLength(0);

    // client.toml names the running node: still nothing is sent, and the same bytes are signed
    const again = await chaind(...send);
    expect(again).toEqual(r);
    expect(ln.node.mempool.all()).toHaveLength(0);

    const file = join(dir, 'signed-offline.json');
    await writeFile(file, r.stdout);
    const sent = await chaind('tx', 'broadcast', file);
    const [pending] = ln.node.mempool.all();
    expect(sent).toEqual({ code: 0, stdout: syncResponse(pending!.hash), stderr: '' });
    ln.node.produceBlock();
    expect(ln.node.tx(pending!.hash)!.result.code).toBe(0);
    expect(accountOf(ALICE.address).sequence).toBe(sequence + 1n);
  });

  it('without --yes it shows the unsigned tx and asks before signing, as online', async () => {
    const { number, sequence } = accountOf(ALICE.address);
    const args = ['tx', 'bank', 'send', 'alice', BOB.address, '22wei', '--offline', '-a', number.toString(), '-s', sequence.toString(), '--home', ln.home];
    const no = await chaindInProcess(args, ['n']);
    expect(no.code).toBe(0);
    expect(JSON.parse(no.stdout).auth_info.signer_infos).toEqual([]);
    expect(no.stderr).toBe('confirm transaction before signing and broadcasting [y/N]: cancelled transaction\n');
    const yes = await chaindInProcess(args, ['y']);
    expect(yes.code).toBe(0);
    expect(yes.stderr).toBe('confirm transaction before signing and broadcasting [y/N]: ');
    const [unsigned, signed] = yes.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(unsigned.signatures).toEqual([]);
    expect(signed.body).toEqual(unsigned.body);
    expect(signed.auth_info.signer_infos[0].sequence).toBe(sequence.toString());
    expect(ln.node.mempool.all()).toHaveLength(0);
  });

  const refusals: [string, string[], string][] = [
    ['no account number', ['--offline', '-s', '0', '-y'], 'account-number and sequence must be set in offline mode'],
    ['no sequence', ['--offline', '-a', '0', '-y'], 'account-number and sequence must be set in offline mode'],
    ['neither, with a bad message: the flags are checked first', ['--offline', '-y'], 'account-number and sequence must be set in offline mode'],
    ['--gas auto', ['--offline', '-a', '0', '-s', '0', '--gas', 'auto', '-y'], 'cannot estimate gas in offline mode'],
  ];
  for (const [name, flags, message] of refusals) {
    it(`refuses: ${name}`, async () => {
      const amount = name.includes('bad message') ? '0wei' : '1wei';
      const r = await chaind('tx', 'bank', 'send', 'alice', BOB.address, amount, ...flags, '--node', `tcp://127.0.0.1:${await freePort()}`);
      expect(r).toEqual({ code: 1, stdout: '', stderr: `Error: ${message}\n` });
      expect(ln.node.mempool.all()).toHaveLength(0);
    });
  }

  it('refuses --dry-run (a simulation) and, without a chain id in flags or client.toml, asks for one instead of the node', async () => {
    const dry = await chaind('tx', 'bank', 'send', ALICE.address, BOB.address, '1wei', '--offline', '-a', '0', '-s', '0', '--dry-run');
    expect(dry).toEqual({ code: 1, stdout: '', stderr: 'Error: cannot estimate gas in offline mode\n' });
    const bare = await mkdtemp(join(tmpdir(), 'chaind-offline-bare-'));
    const r = await chaindInProcess(['tx', 'bank', 'send', 'alice', BOB.address, '1wei', '--offline', '-a', '0', '-s', '0', '-y', '--keyring-backend', 'test', '--keyring-dir', ln.home, '--home', bare]);
    expect(r).toEqual({ code: 1, stdout: '', stderr: 'Error: chain ID required but not specified (give --chain-id or set chain-id in client.toml)\n' });
  });
});
