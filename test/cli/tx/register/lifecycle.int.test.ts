/**
 * The resource node lifecycle of spec part 3 driven through the CLI against a running node, with
 * the gRPC `DepositByNode` answer at each step (decoded with a schema written here from
 * proto/chain/register/v1/query.proto, independent of the codec):
 * given alice funded, when she runs `tx register create-resource-node --amount 1stos`, then the
 * node is BONDED with `suspend: true` and `bonded_deposit` = amount; when she runs
 * `remove-resource-node`, it is UNBONDING with the amount in `un_bonding_deposit`; when the
 * completion time passes, the deposit is back with her and the record is gone.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32 } from 'bech32';
import protobuf from 'protobufjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpcCall } from '../../../api/grpc/grpc-client.ts';
import { ALICE, ALICE_FUNDS, SECOND, startRegisterNode, T0, type RegisterNode } from './register-node.ts';

const KEY_B64 = 'V77q2IGoiSSNuhpHaBJN89RzQPmlFgqysgX7BRkUQTw=';
const KEY = Buffer.from(KEY_B64, 'base64');
const NODE = bech32.encode('stsds', bech32.toWords(sha256(KEY).subarray(0, 20)));
const AMOUNT = 10n ** 18n;

const schema = protobuf.parse(`
syntax = "proto3";
message Coin { string denom = 1; string amount = 2; }
message Any { string type_url = 1; bytes value = 2; }
message Timestamp { int64 seconds = 1; int32 nanos = 2; }
enum BondStatus { BOND_STATUS_UNSPECIFIED = 0; BOND_STATUS_UNBONDED = 1; BOND_STATUS_UNBONDING = 2; BOND_STATUS_BONDED = 3; }
message Description { string moniker = 1; string identity = 2; string website = 3; string security_contact = 4; string details = 5; }
message DepositInfo {
  string network_address = 1; Any pubkey = 2; bool suspend = 3; BondStatus status = 4; string tokens = 5;
  string owner_address = 6; Description description = 7; Timestamp creation_time = 8; uint32 node_type = 9;
  Coin bonded_deposit = 10; Coin un_bonding_deposit = 11; Coin un_bonded_deposit = 12;
}
message QueryDepositByNodeRequest { string network_addr = 1; uint32 query_type = 2; }
message QueryDepositByNodeResponse { DepositInfo deposit_info = 1; }
`, { keepCase: true }).root;
const Req = schema.lookupType('QueryDepositByNodeRequest');
const Res = schema.lookupType('QueryDepositByNodeResponse');

async function depositByNode(port: number, queryType: number): Promise<Record<string, unknown>> {
  const r = await grpcCall(port, '/chain.register.v1.Query/DepositByNode', Buffer.from(Req.encode(Req.create({ network_addr: NODE, query_type: queryType })).finish()));
  expect([r.status, r.message]).toEqual([0, '']);
  return Res.toObject(Res.decode(r.messages[0]!), { longs: String, enums: String, bytes: String, defaults: true }) as Record<string, unknown>;
}

let n: RegisterNode;
beforeAll(async () => {
  n = await startRegisterNode();
}, 30_000);
afterAll(async () => {
  await n?.close();
});

const balance = () => BigInt((n.node.chain.app.queryObject('sdk.bank.v1beta1.Query/Balance', { address: ALICE.address, denom: 'wei' }) as { balance: { amount: string } }).balance.amount);
const PUBKEY = { '@type': '/sdk.crypto.ed25519.PubKey', key: KEY_B64 };
const DESCRIPTION = { moniker: 'rn1', identity: '', website: 'https://rn1.example', security_contact: '', details: '' };
const CREATED = '2024-01-01T00:00:01Z';
const FEE = 200000n * 1000000000n;

describe('resource node lifecycle through the CLI', { timeout: 60_000 }, () => {
  let fees = 0n;

  it('create-resource-node: BONDED, suspend true, bonded_deposit = amount', async () => {
    n.setTime(T0 + SECOND);
    const r = await n.chaind(['tx', 'register', 'create-resource-node', '--network-address', NODE, '--amount', '1stos', '--pubkey', JSON.stringify(PUBKEY), '--node-type', '4', '--moniker', 'rn1', '--website', 'https://rn1.example', '--from', 'alice', '--fees', `${FEE}wei`, '-y', '-o', 'json']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const { txhash, code } = JSON.parse(r.stdout) as { txhash: string; code: number };
    expect(code).toBe(0);
    n.node.produceBlock();
    expect(n.node.tx(txhash)!.result.code).toBe(0);
    fees += FEE;
    expect(balance()).toBe(ALICE_FUNDS - AMOUNT - fees);

    const q = await n.chaind(['query', 'register', 'get-resource-node', '--network-address', NODE, '-o', 'json']);
    expect([q.code, q.stderr]).toEqual([0, '']);
    expect(JSON.parse(q.stdout)).toEqual({
      network_address: NODE,
      pubkey: PUBKEY,
      suspend: true,
      status: 'BOND_STATUS_BONDED',
      tokens: AMOUNT.toString(),
      owner_address: ALICE.address,
      description: DESCRIPTION,
      creation_time: CREATED,
      node_type: 4,
      effective_tokens: '0',
      beneficiary_address: ALICE.address,
    });
    // text output: the same record as YAML, with no deposit fields
    const text = await n.chaind(['query', 'register', 'get-resource-node', '--network-address', NODE]);
    expect(text.stdout).toContain('status: BOND_STATUS_BONDED\n');
    expect(text.stdout).toContain('suspend: true\n');
    expect(text.stdout).not.toContain('deposit');
    const count = await n.chaind(['query', 'register', 'get-resource-count', '-o', 'json']);
    expect(count.stdout).toBe('{"number":"1"}\n');
  });

  it('gRPC DepositByNode: query types 0 and 2 give the bonded record, 1 (meta nodes only) the empty one', async () => {
    const bonded = {
      network_address: NODE,
      pubkey: { type_url: '/sdk.crypto.ed25519.PubKey', value: Buffer.from([0x0a, 0x20, ...KEY]).toString('base64') },
      suspend: true,
      status: 'BOND_STATUS_BONDED',
      tokens: AMOUNT.toString(),
      owner_address: ALICE.address,
      description: DESCRIPTION,
      creation_time: { seconds: String((T0 + SECOND) / SECOND), nanos: 0 },
      node_type: 4,
      bonded_deposit: { denom: 'wei', amount: AMOUNT.toString() },
      un_bonding_deposit: { denom: 'wei', amount: '0' },
      un_bonded_deposit: { denom: 'wei', amount: '0' },
    };
    expect(await depositByNode(n.grpc.address.port, 0)).toEqual({ deposit_info: bonded });
    expect(await depositByNode(n.grpc.address.port, 2)).toEqual({ deposit_info: bonded });
    const empty = (await depositByNode(n.grpc.address.port, 1)).deposit_info as Record<string, unknown>;
    expect([empty.network_address, empty.status, empty.tokens, empty.creation_time]).toEqual(['', 'BOND_STATUS_UNSPECIFIED', '0', { seconds: '-62135596800', nanos: 0 }]);
  });

  it('remove-resource-node: UNBONDING, the amount in un_bonding_deposit, tokens unchanged', async () => {
    n.setTime(T0 + 5n * SECOND);
    const r = await n.chaind(['tx', 'register', 'remove-resource-node', '--network-address', NODE, '--from', 'alice', '--fees', `${FEE}wei`, '-y', '-o', 'json']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    n.node.produceBlock();
    expect(n.node.tx(JSON.parse(r.stdout).txhash)!.result.code).toBe(0);
    fees += FEE;
    const q = JSON.parse((await n.chaind(['query', 'register', 'get-resource-node', '--network-address', NODE, '-o', 'json'])).stdout);
    expect([q.status, q.tokens, q.suspend]).toEqual(['BOND_STATUS_UNBONDING', AMOUNT.toString(), true]);
    const info = (await depositByNode(n.grpc.address.port, 2)).deposit_info as Record<string, unknown>;
    expect([info.status, info.bonded_deposit, info.un_bonding_deposit, info.un_bonded_deposit]).toEqual([
      'BOND_STATUS_UNBONDING',
      { denom: 'wei', amount: '0' },
      { denom: 'wei', amount: AMOUNT.toString() },
      { denom: 'wei', amount: '0' },
    ]);
    expect((await n.chaind(['query', 'register', 'get-resource-count', '-o', 'json'])).stdout).toBe('{"number":"0"}\n');
  });

  it('completion after unbonding_completion_time: the deposit is back and the record is gone', async () => {
    n.setTime(T0 + 14n * SECOND); // before T = removal (5s) + completion (10s)
    n.node.produceBlock();
    expect(balance()).toBe(ALICE_FUNDS - AMOUNT - fees);
    n.setTime(T0 + 15n * SECOND);
    n.node.produceBlock();
    expect(balance()).toBe(ALICE_FUNDS - fees);
    const q = await n.chaind(['query', 'register', 'get-resource-node', '--network-address', NODE, '-o', 'json']);
    expect(q.code).toBe(1);
    expect(q.stderr).toContain(`network address ${NODE} not found`);
  });
});
