/**
 * `broadcast_evidence` over the consensus RPC (CometBFT 0.37 rpc/core/evidence.go): evidence that a
 * validator of a three-validator node precommitted two blocks at height 2, signed with its real key,
 * is verified as the evidence pool verifies it and committed in the next block, where the evidence
 * module tombstones and jails the validator. Refusals in CometBFT's words: ValidateBasic's, the pool's
 * (time, height, set, powers, signatures), the decoder's.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codec } from '../../../src/codec/index.ts';
import { timestampFromText } from '../../../src/codec/time-text.ts';
import { voteSignBytes } from '../../../src/consensus/vote.ts';
import { validatorSign } from '../../../src/consensus/validator-signer.ts';
import { timeText } from '../../../src/consensus/proto-forms.ts';
import { consKeys, startStakingNode, type StakingNode } from '../rest/staking-family-node.ts';

let n: StakingNode;
let chainId: string;

beforeAll(async () => {
  n = await startStakingNode();
  for (let i = 0; i < 3; i++) n.node.produceBlock();
  chainId = n.node.chainId;
}, 60_000);
afterAll(async () => {
  await n?.close();
});

async function rpc(method: string, params: unknown): Promise<any> {
  const res = await fetch(n.rpcUrl, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return res.json();
}
const call = (params: unknown) => rpc('broadcast_evidence', params);

/** DuplicateVoteEvidence's proto bytes, from its cmtjson (the proto's own encoder). */
function evidenceProtoBytes(ev: ReturnType<typeof evidence>): Buffer {
  const ts = (t: string) => timestampFromText(t);
  const hexOf = (h: string) => Buffer.from(h, 'hex');
  const voteOf = (v: ReturnType<typeof vote>) => ({
    type: v.type,
    height: BigInt(v.height),
    round: v.round,
    block_id: { hash: hexOf(v.block_id.hash), part_set_header: { total: v.block_id.parts.total, hash: hexOf(v.block_id.parts.hash) } },
    timestamp: ts(v.timestamp),
    validator_address: hexOf(v.validator_address),
    validator_index: v.validator_index,
    signature: Buffer.from(v.signature, 'base64'),
  });
  const value = ev.value as { vote_a: ReturnType<typeof vote>; vote_b: ReturnType<typeof vote>; TotalVotingPower: string; ValidatorPower: string; Timestamp: string };
  return Buffer.from(
    codec.encode('consensus.types.DuplicateVoteEvidence', {
      vote_a: voteOf(value.vote_a),
      vote_b: voteOf(value.vote_b),
      total_voting_power: BigInt(value.TotalVotingPower),
      validator_power: BigInt(value.ValidatorPower),
      timestamp: ts(value.Timestamp),
    }),
  );
}

const key = () => consKeys[1]!;
const hash32 = (fill: number) => Buffer.alloc(32, fill).toString('hex').toUpperCase();

interface VoteOpts {
  block: number;
  height?: bigint;
  type?: number;
  timestamp?: string;
  badSig?: boolean;
  signer?: (typeof consKeys)[number];
}

function vote(o: VoteOpts) {
  const height = o.height ?? 2n;
  const type = o.type ?? 2;
  const timestamp = o.timestamp ?? '2024-01-01T00:00:02.75Z';
  const blockId = { hash: hash32(o.block), parts: { total: 1, hash: hash32(o.block + 100) } };
  const signer = o.signer ?? key();
  const sig = validatorSign(signer.privKey, voteSignBytes(chainId, { type, height, round: 0, blockId, timestamp }));
  if (o.badSig) sig[0]! ^= 1;
  const index = n.node.validators(height).findIndex((v) => v.address === signer.address);
  return { type, height: height.toString(), round: 0, block_id: blockId, timestamp, validator_address: signer.address, validator_index: index, signature: Buffer.from(sig).toString('base64') };
}

function evidence(a: VoteOpts = { block: 1 }, b: VoteOpts = { block: 2 }, over: Record<string, unknown> = {}) {
  const set = n.node.validators(2n);
  const power = set.find((v) => v.address === key().address)!.voting_power;
  const total = set.reduce((s, v) => s + BigInt(v.voting_power), 0n).toString();
  return { type: 'tendermint/DuplicateVoteEvidence', value: { vote_a: vote(a), vote_b: vote(b), TotalVotingPower: total, ValidatorPower: power, Timestamp: timeText(n.node.block(2n)!.timeNs), ...over } };
}

const internal = (data: string) => ({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Internal error', data } });

describe('broadcast_evidence', () => {
  it.each([
    ['no evidence', () => ({}), 'no evidence was provided'],
    ['votes in the wrong order', () => ({ evidence: evidence({ block: 2 }, { block: 1 }) }), 'evidence.ValidateBasic failed: duplicate votes in invalid order'],
    ['a vote without a signature', () => ({ evidence: { ...evidence(), value: { ...evidence().value, vote_b: { ...vote({ block: 2 }), signature: '' } } } }), 'evidence.ValidateBasic failed: invalid VoteB: signature is missing'],
    ['a short block hash', () => ({ evidence: { ...evidence(), value: { ...evidence().value, vote_a: { ...vote({ block: 1 }), block_id: { hash: 'ABCD', parts: { total: 1, hash: hash32(9) } } } } } }), 'evidence.ValidateBasic failed: invalid VoteA: wrong BlockID: wrong Hash'],
    ['light client attack evidence', () => ({ evidence: { type: 'tendermint/LightClientAttackEvidence', value: {} } }), 'light client attack evidence is not supported by this simulator: its one node has no light clients to deceive'],
  ])('%s', async (_, params, data) => {
    expect(await call(params())).toEqual(internal(data));
  });

  it("refusals of the pool's verification name the evidence", async () => {
    const blockTime = timeText(n.node.block(2n)!.timeNs);
    const goTime = (t: string) => `${t.slice(0, 10)} ${t.slice(11, -1)} +0000 UTC`;
    const refused = async (ev: unknown) => (await call({ evidence: ev })).error.data as string;
    expect(await refused(evidence(undefined, undefined, { Timestamp: '2024-01-01T00:00:00Z' }))).toMatch(
      new RegExp(`^failed to add evidence: Invalid evidence: evidence has a different time to the block it is associated with \\(2024-01-01 00:00:00 \\+0000 UTC != ${goTime(blockTime).replace(/[.+]/g, '\\$&')}\\)\\. Evidence: DuplicateVoteEvidence\\{VoteA: Vote\\{`),
    );
    expect(await refused(evidence({ block: 1, height: 99n }, { block: 2, height: 99n }))).toMatch(/^failed to add evidence: Invalid evidence: don't have header #99\. /);
    expect(await refused(evidence({ block: 1 }, { block: 2, badSig: true }))).toMatch(/: verifying VoteB: invalid signature\. Evidence: /);
    expect(await refused(evidence({ block: 1 }, { block: 2, type: 1 }))).toMatch(/: h\/r\/s does not match: 2\/0\/SIGNED_MSG_TYPE_PRECOMMIT vs 2\/0\/SIGNED_MSG_TYPE_PREVOTE\. /);
    expect(await refused(evidence(undefined, undefined, { ValidatorPower: '7' }))).toMatch(/: validator power from evidence and our validator set does not match \(7 != 100000\)\. /);
    const v = vote({ block: 1 });
    const sig = Buffer.from(v.signature, 'base64').subarray(0, 6).toString('hex').toUpperCase();
    expect(await refused(evidence({ block: 1 }, { block: 2, badSig: true }))).toContain(
      `Evidence: DuplicateVoteEvidence{VoteA: Vote{${v.validator_index}:${key().address.slice(0, 12)} 2/00/SIGNED_MSG_TYPE_PRECOMMIT(Precommit) ${hash32(1).slice(0, 12)} ${sig} @ 2024-01-01T00:00:02.75Z}, VoteB: Vote{`,
    );
  });

  it('decoder errors are invalid params', async () => {
    expect(await call({ evidence: { type: 'tendermint/Nope', value: {} } })).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32602, message: 'Invalid params', data: 'error converting json params to arguments: unknown type "tendermint/Nope"' },
    });
    expect((await call({ evidence: { type: 'tendermint/DuplicateVoteEvidence', value: { TotalVotingPower: 5 } } })).error.data).toBe(
      'error converting json params to arguments: invalid 64-bit integer encoding "5", expected string',
    );
  });

  it('valid evidence: its hash; the next block tombstones and jails the validator', async () => {
    const ev = evidence();
    const first = await call({ evidence: ev });
    expect(Object.keys(first.result)).toEqual(['hash']);
    expect(Buffer.from(first.result.hash, 'base64')).toHaveLength(32);
    // pending: taken again, one entry
    expect((await call({ evidence: ev })).result).toEqual(first.result);
    const before = (await (await fetch(`${n.restUrl}/sdk/staking/v1beta1/validators?status=BOND_STATUS_BONDED`)).json()) as any;
    expect(before.validators).toHaveLength(3);
    n.node.produceBlock();
    // the block carries it: its evidence list as cmtjson (what was sent), the header's evidence_hash
    // the Merkle root over its proto bytes (one leaf: sha256(0x00 ‖ bytes)), whose sha256 is the hash answered
    const height = n.node.height;
    const block = (await rpc('block', { height: String(height) })).result;
    expect(block.block.evidence).toEqual({ evidence: [ev] });
    const bytes = evidenceProtoBytes(ev);
    expect(createHash('sha256').update(bytes).digest('base64')).toBe(first.result.hash);
    expect(block.block.header.evidence_hash).toBe(createHash('sha256').update(Buffer.concat([Buffer.of(0), bytes])).digest('hex').toUpperCase());
    const earlier = (await rpc('block', { height: String(height - 1n) })).result;
    expect(earlier.block.evidence).toEqual({ evidence: [] });
    expect(earlier.block.header.evidence_hash).toBe('E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855');
    // the SDK's block service: the same list as gogo jsonpb
    const sdk = (await (await fetch(`${n.restUrl}/sdk/base/consensus/v1beta1/blocks/${height}`)).json()) as any;
    const dup = sdk.block.evidence.evidence[0].duplicate_vote_evidence;
    expect([sdk.block.evidence.evidence.length, dup.vote_a.type, dup.vote_a.height, dup.vote_b.signature, dup.total_voting_power, dup.validator_power]).toEqual([
      1,
      'SIGNED_MSG_TYPE_PRECOMMIT',
      '2',
      ev.value.vote_b.signature,
      ev.value.TotalVotingPower,
      ev.value.ValidatorPower,
    ]);
    expect(sdk.sdk_block.evidence).toEqual(sdk.block.evidence);
    // committed: broadcast again, it answers the same hash and no block takes it a second time
    expect((await call({ evidence: ev })).result).toEqual(first.result);
    const infos = (await (await fetch(`${n.restUrl}/sdk/slashing/v1beta1/signing_infos`)).json()) as any;
    const tombstoned = infos.info.filter((i: any) => i.tombstoned).map((i: any) => i.jailed_until);
    expect(tombstoned).toEqual(['9999-12-31T23:59:59Z']);
    n.node.produceBlock();
    const after = (await (await fetch(`${n.restUrl}/sdk/staking/v1beta1/validators?status=BOND_STATUS_BONDED`)).json()) as any;
    expect(after.validators).toHaveLength(2);
    expect((await rpc('block', { height: String(n.node.height) })).result.block.evidence).toEqual({ evidence: [] });
  });
});
