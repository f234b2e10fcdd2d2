/**
 * `consensus_state` and `dump_consensus_state` over the consensus RPC (CometBFT 0.37
 * rpc/core/consensus.go), on a node of three validators (self-bonds 300, 100 and 100 stos) whose
 * third is offline for the latest block: between blocks the engine stands where CometBFT waits out
 * timeout_commit, at step NewHeight (1) of the next height with no votes yet, the latest block's
 * precommits as its last commit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consKeys, startStakingNode, type StakingNode } from '../rest/staking-family-node.ts';

let n: StakingNode;

beforeAll(async () => {
  n = await startStakingNode();
  n.node.produceBlock();
  n.node.produceBlock();
  n.control.setOffline(consKeys[2]!.address, true);
  n.node.produceBlock();
}, 60_000);
afterAll(async () => {
  await n?.close();
});

async function rpc(method: string, params: Record<string, unknown> = {}): Promise<any> {
  const res = await fetch(n.rpcUrl, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await res.json()) as any).result;
}

const fp = (hex: string) => hex.slice(0, 12).toUpperCase();
const nsOf = (t: string) => BigInt(Date.parse(t.replace(/\.\d+Z$/, 'Z'))) * 1_000_000n + BigInt((/\.(\d+)Z$/.exec(t)?.[1] ?? '').padEnd(9, '0'));

describe('the round state', () => {
  it('consensus_state: the next height at NewHeight, round 0 without votes, its proposer', async () => {
    const { round_state: rs } = await rpc('consensus_state');
    const validators = (await rpc('validators', { height: '4' })).validators;
    expect(validators.map((v: any) => v.voting_power)).toEqual(['300000', '100000', '100000']);
    const commit = (await rpc('commit', { height: '3' })).signed_header.commit;
    const latestPrecommit = commit.signatures.filter((s: any) => s.block_id_flag === 2).map((s: any) => nsOf(s.timestamp)).reduce((a: bigint, b: bigint) => (a > b ? a : b));
    expect(Object.keys(rs)).toEqual(['height/round/step', 'start_time', 'proposal_block_hash', 'locked_block_hash', 'valid_block_hash', 'height_vote_set', 'proposer']);
    expect(rs['height/round/step']).toBe('4/0/1');
    expect(nsOf(rs.start_time) - latestPrecommit).toBe(BigInt(n.node.timeoutCommitMs) * 1_000_000n);
    expect([rs.proposal_block_hash, rs.locked_block_hash, rs.valid_block_hash]).toEqual(['', '', '']);
    const none = ['nil-Vote', 'nil-Vote', 'nil-Vote'];
    expect(rs.height_vote_set).toEqual([{ round: 0, prevotes: none, prevotes_bit_array: 'BA{3:___} 0/500000 = 0.00', precommits: none, precommits_bit_array: 'BA{3:___} 0/500000 = 0.00' }]);
    // the proposer it names proposes block 4
    n.node.produceBlock();
    const header = (await rpc('block', { height: '4' })).block.header;
    expect(rs.proposer).toEqual({ address: header.proposer_address, index: validators.findIndex((v: any) => v.address === header.proposer_address) });
  });

  it('dump_consensus_state: the whole round state, the last commit as vote strings, no peers', async () => {
    const dump = await rpc('dump_consensus_state');
    const h = BigInt((await rpc('status')).sync_info.latest_block_height);
    const rs = dump.round_state;
    expect(dump.peers).toEqual([]);
    expect(rs.height).toBe((h + 1n).toString());
    expect([rs.round, rs.step, rs.locked_round, rs.valid_round, rs.commit_round, rs.triggered_timeout_precommit]).toEqual([0, 1, -1, -1, -1, false]);
    expect([rs.proposal, rs.proposal_block, rs.proposal_block_parts, rs.locked_block, rs.locked_block_parts, rs.valid_block, rs.valid_block_parts]).toEqual([null, null, null, null, null, null, null]);
    const next = (await rpc('validators', { height: (h + 1n).toString() })).validators;
    const last = (await rpc('validators', { height: h.toString() })).validators;
    expect(rs.validators.validators).toEqual(next);
    expect(rs.last_validators.validators).toEqual(last);
    expect(rs.votes).toEqual((await rpc('consensus_state')).round_state.height_vote_set);
    // the latest block's precommits: the third validator was offline
    const commit = (await rpc('commit', { height: h.toString() })).signed_header.commit;
    const vote = (i: number) => {
      const s = commit.signatures[i];
      const sig = Buffer.from(s.signature, 'base64').subarray(0, 6).toString('hex').toUpperCase();
      return `Vote{${i}:${fp(s.validator_address)} ${h}/00/SIGNED_MSG_TYPE_PRECOMMIT(Precommit) ${fp(commit.block_id.hash)} ${sig} @ ${s.timestamp}}`;
    };
    const offline = last.findIndex((v: any) => v.address === consKeys[2]!.address);
    expect(offline).toBeGreaterThan(-1);
    expect(commit.signatures.map((s: any) => s.block_id_flag)).toEqual([0, 1, 2].map((i) => (i === offline ? 1 : 2)));
    expect(rs.last_commit).toEqual({
      votes: [0, 1, 2].map((i) => (i === offline ? 'nil-Vote' : vote(i))),
      votes_bit_array: `BA{3:${[0, 1, 2].map((i) => (i === offline ? '_' : 'x')).join('')}} 400000/500000 = 0.80`,
      peer_maj_23s: {},
    });
    const signedTimes = commit.signatures.filter((s: any) => s.block_id_flag === 2).map((s: any) => s.timestamp as string);
    expect(rs.commit_time).toBe(signedTimes.sort().at(-1));
  });

  it('both are in the endpoint list and answer GET', async () => {
    const list = await (await fetch(`${n.rpcUrl}/`)).text();
    expect(list).toContain(`/consensus_state?</a>`);
    expect(list).toContain(`/dump_consensus_state?</a>`);
    const viaGet = (await (await fetch(`${n.rpcUrl}/consensus_state`)).json()) as any;
    expect(viaGet.result.round_state['height/round/step']).toBe(`${n.node.height + 1n}/0/1`);
  });
});
