/**
 * Block JSON for clients: the CometBFT RPC `block` result and the SDK service form, checked field
 * by field and kept as golden files (fixed validator key, fixed block times).
 */
import { describe, expect, it } from 'vitest';
import { blockJson, blockMetaJson, sdkBlockJson, signedHeaderJson, validatorsJson } from '../../src/consensus/json.ts';
import type { StoredHeader } from '../../src/consensus/types.ts';
import type { BlockRecord } from '../../src/events/block-store.ts';
import { blockProtoBytes } from '../../src/consensus/block.ts';
import { threeBlocks, validators } from './three-blocks.ts';

const chain = threeBlocks();
const [b1, b2, b3] = [1n, 2n, 3n].map((h) => chain.store.getBlock(h)!) as [BlockRecord, BlockRecord, BlockRecord];
const stored = (r: BlockRecord) => r.header as StoredHeader;
const b64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

describe('blockJson (CometBFT RPC `block`)', () => {
  it('prints hex hashes, base64 txs, version without app 0, and the record’s last commit', () => {
    const j = blockJson(b2);
    expect(j.block_id).toEqual(stored(b2).block_id);
    expect(j.block.header).toEqual({ ...stored(b2).header, version: { block: '11' } });
    expect(j.block.data.txs).toEqual(b2.txs.map((t) => Buffer.from(t).toString('base64')));
    expect(j.block.evidence).toEqual({ evidence: [] });
    expect(j.block.last_commit).toEqual(stored(b1).commit);
  });

  it('an empty block has txs [] and height 1 the empty last commit', () => {
    expect(blockJson(b3).block.data.txs).toEqual([]);
    expect(blockJson(b1).block.last_commit).toEqual({ height: '0', round: 0, block_id: { hash: '', parts: { total: 0, hash: '' } }, signatures: [] });
  });

  it('refuses a record without a CometBFT header', () => {
    expect(() => blockJson({ ...b1, header: { chain_id: 'x', height: '1' } })).toThrow('block 1 has no CometBFT header (it was built without the consensus engine)');
  });

  it('golden', async () => {
    const text = JSON.stringify([blockJson(b1), blockJson(b2), blockJson(b3)], null, 2) + '\n';
    await expect(text).toMatchFileSnapshot('../../snapshots/consensus/block-rpc.json');
  });
});

describe('sdkBlockJson (SDK service `GetBlockByHeight`)', () => {
  it('base64 hashes, part_set_header, jsonpb times, enum names, stvalcons proposer in sdk_block', () => {
    const s = stored(b2);
    const j = sdkBlockJson(b2) as any;
    expect(j.block_id).toEqual({ hash: b64(s.block_id.hash), part_set_header: { total: 1, hash: b64(s.block_id.parts.hash) } });
    expect(j.block.header).toEqual({
      version: { block: '11', app: '0' },
      chain_id: 'stratos-test',
      height: '2',
      time: '2024-01-01T00:00:02.123456789Z',
      last_block_id: { hash: b64(s.header.last_block_id.hash), part_set_header: { total: 1, hash: b64(s.header.last_block_id.parts.hash) } },
      last_commit_hash: b64(s.header.last_commit_hash),
      data_hash: b64(s.header.data_hash),
      validators_hash: b64(s.header.validators_hash),
      next_validators_hash: b64(s.header.next_validators_hash),
      consensus_hash: b64(s.header.consensus_hash),
      app_hash: b64(s.header.app_hash),
      last_results_hash: b64(s.header.last_results_hash),
      evidence_hash: b64(s.header.evidence_hash),
      proposer_address: b64('0797DA108BD2EAF1BA313E66E8ECACF6FE3808EC'),
    });
    expect(j.block.last_commit.signatures).toEqual([
      { block_id_flag: 'BLOCK_ID_FLAG_COMMIT', validator_address: b64('0797DA108BD2EAF1BA313E66E8ECACF6FE3808EC'), timestamp: '2024-01-01T00:00:01.500Z', signature: stored(b1).commit.signatures[0]!.signature },
    ]);
    expect(j.sdk_block.header.proposer_address).toBe('stvalcons1q7ta5yyt6t40rw338enw3m9v7mlrsz8vva6kcx');
    expect({ ...j.sdk_block, header: { ...j.sdk_block.header, proposer_address: j.block.header.proposer_address } }).toEqual(j.block);
    expect(Object.keys(j)).toEqual(['block_id', 'block', 'sdk_block']);
  });

  it('Go nil bytes print as null (height 1: no last block id)', () => {
    const j = sdkBlockJson(b1) as any;
    expect(j.block.header.last_block_id).toEqual({ hash: null, part_set_header: { total: 0, hash: null } });
    expect(j.block.last_commit).toEqual({ height: '0', round: 0, block_id: { hash: null, part_set_header: { total: 0, hash: null } }, signatures: [] });
    expect(j.block.data).toEqual({ txs: b1.txs.map((t) => Buffer.from(t).toString('base64')) });
    expect((sdkBlockJson(b3) as any).block.data).toEqual({ txs: [] });
    expect((sdkBlockJson(b3) as any).block.evidence).toEqual({ evidence: [] });
  });

  it('golden', async () => {
    const text = JSON.stringify([sdkBlockJson(b1), sdkBlockJson(b2), sdkBlockJson(b3)], null, 2) + '\n';
    await expect(text).toMatchFileSnapshot('../../snapshots/consensus/block-sdk.json');
  });
});

describe('other RPC helpers', () => {
  it('signedHeaderJson: the header and the seen commit', () => {
    expect(signedHeaderJson(b3)).toEqual({ header: { ...stored(b3).header, version: { block: '11' } }, commit: stored(b3).commit });
  });

  it('blockMetaJson: block size is the Block proto length', () => {
    const size = blockProtoBytes({ header: stored(b2).header, txs: b2.txs, lastCommit: b2.lastCommit as never }).length;
    expect(blockMetaJson(b2)).toEqual({ block_id: stored(b2).block_id, block_size: String(size), header: { ...stored(b2).header, version: { block: '11' } }, num_txs: '1' });
  });

  it('validatorsJson', () => {
    expect(validatorsJson(3n, validators)).toEqual({ block_height: '3', validators, count: '1', total: '1' });
  });
});
