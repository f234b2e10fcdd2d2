/**
 * The compiled `bin/chaind` (dist/, commands loaded on demand) runs the staking-family groups
 * against a node: a query of each group and a tx built with `--generate-only`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressFromBech32, valAddress } from '../../../../src/crypto/address.ts';
import { ALICE, startLocalNode, type LocalNode } from '../../tx/local-node.ts';

let n: LocalNode;
beforeAll(async () => {
  n = await startLocalNode();
}, 30_000);
afterAll(async () => {
  await n?.close();
});

describe('bin/chaind staking-family commands', { timeout: 60_000 }, () => {
  it('query staking|distribution|mint|slashing and tx staking delegate --generate-only', async () => {
    expect(await n.chaind(['query', 'mint', 'annual-provisions'])).toEqual({ code: 0, stdout: '0.000000000000000000\n', stderr: '' });
    expect(await n.chaind(['q', 'slashing', 'signing-infos', '-o', 'json'])).toEqual({ code: 0, stdout: '{"info":[],"pagination":{"next_key":null,"total":"0"}}\n', stderr: '' });
    expect(await n.chaind(['query', 'distribution', 'community-pool', '-o', 'json'])).toEqual({ code: 0, stdout: '{"pool":[]}\n', stderr: '' });
    const params = await n.chaind(['query', 'staking', 'params', '-o', 'json']);
    expect([params.code, params.stderr, JSON.parse(params.stdout).bond_denom]).toEqual([0, '', 'wei']);
    const val = valAddress(addressFromBech32(ALICE.address));
    const tx = await n.chaind(['tx', 'staking', 'delegate', val, '2stos', '--from', 'alice', '--generate-only']);
    expect([tx.code, tx.stderr]).toEqual([0, '']);
    expect(JSON.parse(tx.stdout).body.messages).toEqual([
      { '@type': '/sdk.staking.v1beta1.MsgDelegate', delegator_address: ALICE.address, validator_address: val, amount: { denom: 'wei', amount: '2000000000000000000' } },
    ]);
  });
});
