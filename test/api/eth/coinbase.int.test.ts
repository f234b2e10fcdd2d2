// eth_coinbase on a chain whose node is an x/staking validator (gentxs): stratos-chain's Coinbase
// answers `common.BytesToAddress(coinbase).Hex()`, the EIP-55 mixed-case spelling, while the
// blocks' `miner` (a common.Address field) is lowercase hex.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEthServer, type RunningEthServer } from '../../../src/api/eth/server.ts';
import { addressFromBech32, Hrp, toEthAddress } from '../../../src/crypto/address.ts';
import { k0, startStakingNode, valoper, type StakingNode } from '../rest/staking-family-node.ts';

let n: StakingNode;
let eth: RunningEthServer;
let url: string;

const call = async (method: string, params: unknown[] = []) =>
  (await (await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as any;

beforeAll(async () => {
  n = await startStakingNode();
  n.node.produceBlock();
  n.node.produceBlock();
  eth = await startEthServer(n.node, { address: '127.0.0.1:0', wsAddress: '127.0.0.1:0', api: ['eth'] });
  url = `http://127.0.0.1:${eth.http.address.port}`;
});

afterAll(async () => {
  await eth?.close();
  await n?.close();
});

describe('eth_coinbase of a validating node', () => {
  it("is the node's operator account in EIP-55 mixed case; the blocks' miner is lowercase", async () => {
    const operator = addressFromBech32(valoper(k0), Hrp.validator);
    const checksummed = toEthAddress(operator);
    expect(checksummed).not.toBe(checksummed.toLowerCase());
    expect(await call('eth_coinbase')).toEqual({ jsonrpc: '2.0', id: 1, result: checksummed });
    expect((await call('eth_getBlockByNumber', ['latest', false])).result.miner).toBe(checksummed.toLowerCase());
  });
});
