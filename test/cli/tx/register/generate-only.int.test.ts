/**
 * `chaind tx register … --generate-only` against a running node: the unsigned tx JSON carries
 * exactly the message of the flags (type URL and field names of proto/chain/register/v1/tx.proto,
 * Any pubkey as protobuf JSON, coins in wei), and a meta node created through the CLI is printed by
 * `query register get-meta-node` under `node` (spec part 2).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32 } from 'bech32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, SECOND, startRegisterNode, T0, type RegisterNode } from './register-node.ts';

const KEY_B64 = 'V77q2IGoiSSNuhpHaBJN89RzQPmlFgqysgX7BRkUQTw=';
const NODE = bech32.encode('stsds', bech32.toWords(sha256(Buffer.from(KEY_B64, 'base64')).subarray(0, 20)));
const PUBKEY = `{"@type":"/sdk.crypto.ed25519.PubKey","key":"${KEY_B64}"}`;
const FEE = `${200000n * 1000000000n}wei`;

let n: RegisterNode;
beforeAll(async () => {
  n = await startRegisterNode();
}, 30_000);
afterAll(async () => {
  await n?.close();
});

const unsigned = (message: string) =>
  `{"body":{"messages":[${message}],"memo":"","timeout_height":"0","extension_options":[],"non_critical_extension_options":[]},` +
  `"auth_info":{"signer_infos":[],"fee":{"amount":[],"gas_limit":"200000","payer":"","granter":""},"tip":null},"signatures":[]}\n`;

describe('--generate-only', { timeout: 30_000 }, () => {
  it('create-meta-node prints the unsigned tx with the message of the flags', async () => {
    const r = await n.chaind(['tx', 'register', 'create-meta-node', '--network-address', NODE, '--amount', '2stos', '--pubkey', PUBKEY, '--moniker', 'mn1', '--details', 'd', '--from', ALICE.address, '--generate-only']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(
      unsigned(
        `{"@type":"/chain.register.v1.MsgCreateMetaNode","network_address":"${NODE}","pubkey":${PUBKEY},"value":{"denom":"wei","amount":"2000000000000000000"},` +
          `"owner_address":"${ALICE.address}","beneficiary_address":"${ALICE.address}","description":{"moniker":"mn1","identity":"","website":"","security_contact":"","details":"d"}}`,
      ),
    );
  });

  // `update-meta-node-deposit --incr-deposit false` (a negated delta) is covered by the unit test of
  // the message: the framework runs the message's ValidateBasic, which must accept the decrease.

  it('kick-meta-node-vote with the newer flags', async () => {
    const r = await n.chaind(['tx', 'register', 'kick-meta-node-vote', '--voter-network-address', NODE, '--target-network-address', NODE, '--opinion', 'true', '--from', ALICE.address, '--generate-only']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(
      unsigned(`{"@type":"/chain.register.v1.MsgKickMetaNodeVote","target_network_address":"${NODE}","opinion":true,"voter_network_address":"${NODE}","voter_owner_address":"${ALICE.address}"}`),
    );
  });
});

describe('meta node through the CLI', { timeout: 30_000 }, () => {
  it('create-meta-node, then get-meta-node prints the record under node', async () => {
    n.setTime(T0 + SECOND);
    const r = await n.chaind(['tx', 'register', 'create-meta-node', '--network-address', NODE, '--amount', '1stos', '--pubkey', PUBKEY, '--moniker', 'mn1', '--from', 'alice', '--fees', FEE, '-y', '-o', 'json']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    n.node.produceBlock();
    expect(n.node.tx(JSON.parse(r.stdout).txhash)!.result.code).toBe(0);
    const q = await n.chaind(['query', 'register', 'get-meta-node', '--network-address', NODE, '-o', 'json']);
    expect([q.code, q.stderr]).toEqual([0, '']);
    const { node } = JSON.parse(q.stdout) as { node: Record<string, unknown> };
    expect(Object.keys(JSON.parse(q.stdout))).toEqual(['node']);
    expect(node).toMatchObject({ network_address: NODE, owner_address: ALICE.address, tokens: '1000000000000000000', creation_time: '2024-01-01T00:00:01Z', pubkey: JSON.parse(PUBKEY) });
    expect(node).not.toHaveProperty('node_type');
  });

  it("get-resource-node / get-meta-node with an empty --network-address: stratos' own refusal before any query", async () => {
    for (const command of ['get-resource-node', 'get-meta-node']) {
      const q = await n.chaind(['query', 'register', command, '--network-address', '']);
      expect(q).toEqual({ code: 1, stdout: '', stderr: 'Error: Missing network address: invalid network address\n' });
    }
  });

  it('params prints the register parameters object', async () => {
    const q = await n.chaind(['query', 'register', 'params', '-o', 'json']);
    expect([q.code, q.stderr]).toEqual([0, '']);
    expect(JSON.parse(q.stdout)).toMatchObject({ bond_denom: 'wei', max_entries: 16, resource_node_reg_enabled: true, unbonding_completion_time: '10s', unbonding_threashold_time: '1s' });
  });
});
