/**
 * Given a chain built with cometBlockMeta, when three blocks are committed, then the headers link
 * (last_block_id, last_commit, app_hash, last_results_hash), every hash recomputes, the seen
 * commits verify, cosmjs decodes the RPC form, and cosmjs-types re-encodes the Block proto.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { Tendermint37Client } from '@cosmjs/tendermint-rpc';
import { ExecTxResult } from 'cosmjs-types/tendermint/abci/types';
import { Block } from 'cosmjs-types/tendermint/types/block';
import { plainBlockMeta } from '../../src/abci/chain.ts';
import { blockIdOf, blockProtoBytes } from '../../src/consensus/block.ts';
import { cometBlockMeta } from '../../src/consensus/block-meta.ts';
import { commitHash, consensusHash, headerHash, lastResultsHash } from '../../src/consensus/header.ts';
import { blockJson } from '../../src/consensus/json.ts';
import { createPrivValidatorKey, validatorFromKey } from '../../src/consensus/keys.ts';
import { hashFromByteSlices } from '../../src/consensus/merkle.ts';
import { EMPTY_BLOCK_ID, type CommitJson, type StoredHeader } from '../../src/consensus/types.ts';
import { validatorsHash } from '../../src/consensus/validator-set.ts';
import { verifyCommit } from '../../src/consensus/vote.ts';
import type { BlockRecord } from '../../src/events/block-store.ts';
import { appModules } from '../../src/abci/modules.ts';
import { Chain } from '../../src/abci/chain.ts';
import { genesisWith } from '../helpers/fixture.ts';
import { BLOCK_TIMES, alice, consensusParams, openChain, sendTx, threeBlocks, validatorKey, validators } from './three-blocks.ts';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex').toUpperCase();
const E3B0 = 'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855';
const stored = (r: BlockRecord) => r.header as StoredHeader;

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('cometBlockMeta: a chain of three blocks', () => {
  const chain = threeBlocks();
  const genesisAppHash = openChain(':memory:').app.info().lastBlockAppHash;
  const blocks = [1n, 2n, 3n].map((h) => chain.store.getBlock(h)!);
  const results = [1n, 2n, 3n].map((h) => chain.store.blockResults(h).map((t) => t.result));
  const CHAIN_ID = 'stratos-test';

  it('height 1 starts from the empty block id and the empty commit', () => {
    const [b1] = blocks;
    const h = stored(b1!).header;
    expect(h.version).toEqual({ block: '11', app: '0' });
    expect(h.chain_id).toBe(CHAIN_ID);
    expect(h.height).toBe('1');
    expect(h.time).toBe(BLOCK_TIMES[0]);
    expect(h.last_block_id).toEqual({ hash: '', parts: { total: 0, hash: '' } });
    expect(b1!.lastCommit).toEqual({ height: '0', round: 0, block_id: EMPTY_BLOCK_ID, signatures: [] });
    expect(h.last_commit_hash).toBe(E3B0);
    expect(h.last_results_hash).toBe(E3B0);
    expect(h.evidence_hash).toBe(E3B0);
    expect(h.app_hash).toBe(hex(genesisAppHash));
  });

  it('every header carries the static validator set, params and proposer', () => {
    // validators hash recomputed by hand: one SimpleValidator{1: {1: pubkey}, 2: 100}
    const simpleValidator = Uint8Array.of(0x0a, 0x22, 0x0a, 0x20, ...validatorKey.pubKey, 0x10, 100);
    const valsHash = hex(sha256(Uint8Array.of(0, ...simpleValidator)));
    expect(hex(validatorsHash(validators))).toBe(valsHash);
    for (const b of blocks) {
      const h = stored(b).header;
      expect(h.validators_hash).toBe(valsHash);
      expect(h.next_validators_hash).toBe(valsHash);
      expect(h.consensus_hash).toBe(hex(consensusHash(consensusParams)));
      expect(h.proposer_address).toBe('0797DA108BD2EAF1BA313E66E8ECACF6FE3808EC');
    }
  });

  it('data_hash is the Merkle root of the txs’ sha256 (computed with noble)', () => {
    for (const b of blocks) {
      const leaves = b.txs.map((tx) => sha256(tx));
      expect(stored(b).header.data_hash).toBe(hex(hashFromByteSlices(leaves)));
    }
    expect(blocks[2]!.txs).toHaveLength(0);
    expect(stored(blocks[2]!).header.data_hash).toBe(E3B0);
  });

  it('headers link: last_block_id, last_commit, last_commit_hash, app_hash, last_results_hash', () => {
    for (let i = 1; i < blocks.length; i++) {
      const prev = blocks[i - 1]!;
      const cur = blocks[i]!;
      const h = stored(cur).header;
      expect(h.last_block_id).toEqual(stored(prev).block_id);
      expect(cur.lastCommit).toEqual(stored(prev).commit);
      expect(h.last_commit_hash).toBe(hex(commitHash(stored(prev).commit)));
      expect(h.app_hash).toBe(hex(prev.appHash));
      expect(h.last_results_hash).toBe(hex(lastResultsHash(results[i - 1]!)));
      // independently: cosmjs-types ExecTxResult{code, data, gas_wanted, gas_used} (same field numbers as 0.37's ResponseDeliverTx)
      const leaves = results[i - 1]!.map((r) => ExecTxResult.encode(ExecTxResult.fromPartial({ code: r.code, data: r.data, gasWanted: r.gas_wanted, gasUsed: r.gas_used })).finish());
      expect(h.last_results_hash).toBe(hex(hashFromByteSlices(leaves)));
    }
    // block 2's tx failed (stale sequence), so block 3's results hash covers a non-zero code
    expect(results[1]!.map((r) => r.code)).toEqual([32]);
    expect(stored(blocks[2]!).header.last_results_hash).not.toBe(stored(blocks[1]!).header.last_results_hash);
  });

  it('block hash = header hash = block_id.hash; parts from the Block proto', () => {
    for (const b of blocks) {
      const s = stored(b);
      expect(hex(b.hash)).toBe(s.block_id.hash);
      expect(hex(headerHash(s.header))).toBe(s.block_id.hash);
      expect(blockIdOf({ header: s.header, txs: b.txs, lastCommit: b.lastCommit as CommitJson })).toEqual(s.block_id);
      expect(s.block_id.parts.total).toBe(1);
    }
  });

  it('the seen commits are signed by the validator at the block time and verify; a tampered one does not', () => {
    for (const b of blocks) {
      const s = stored(b);
      expect(s.commit).toMatchObject({ height: s.header.height, round: 0, block_id: s.block_id });
      expect(s.commit.signatures).toEqual([{ block_id_flag: 2, validator_address: validatorKey.address, timestamp: s.header.time, signature: expect.any(String) }]);
      expect(() => verifyCommit(CHAIN_ID, validators, s.commit, { blockId: s.block_id, height: b.height })).not.toThrow();
    }
    const c = stored(blocks[1]!).commit;
    const sig = Buffer.from(c.signatures[0]!.signature!, 'base64');
    sig[10] ^= 0x80;
    const tampered = { ...c, signatures: [{ ...c.signatures[0]!, signature: sig.toString('base64') }] };
    expect(() => verifyCommit(CHAIN_ID, validators, tampered)).toThrow('invalid commit: wrong signature (#0)');
    // and the last_commit of block 3 (the same commit) verifies against block 2's id
    expect(() => verifyCommit(CHAIN_ID, validators, blocks[2]!.lastCommit as CommitJson, { blockId: stored(blocks[1]!).block_id, height: 2n })).not.toThrow();
  });

  it('cosmjs Tendermint37Client.block decodes the RPC block', async () => {
    // the client's own decoder fed by an RpcClient that answers `block` from the store
    const client = Tendermint37Client.create({
      execute: async (req) => ({ jsonrpc: '2.0', id: req.id, result: blockJson(chain.store.getBlock(BigInt((req.params as { height: string }).height))!) }),
      disconnect: () => {},
    });
    for (const b of blocks) {
      const decoded = await client.block(Number(b.height));
      expect(hex(decoded.blockId.hash)).toBe(stored(b).block_id.hash);
      expect(decoded.block.header.height).toBe(Number(b.height));
      expect(decoded.block.header.version).toEqual({ block: 11, app: 0 });
      expect(decoded.block.txs).toEqual(b.txs.map((t) => Uint8Array.from(t)));
      if (b.height === 1n) {
        expect(decoded.block.header.lastBlockId).toBeNull();
        expect(decoded.block.lastCommit).toBeNull();
      } else {
        expect(decoded.block.lastCommit!.signatures).toHaveLength(1);
        expect(hex(decoded.block.header.lastBlockId!.hash)).toBe(stored(b).header.last_block_id.hash);
      }
    }
  });

  it('cosmjs-types decodes the Block proto and re-encodes the same bytes', () => {
    for (const b of blocks) {
      const s = stored(b);
      const bytes = blockProtoBytes({ header: s.header, txs: b.txs, lastCommit: b.lastCommit as CommitJson });
      const decoded = Block.decode(bytes);
      expect(decoded.header.chainId).toBe(CHAIN_ID);
      expect(decoded.header.height).toBe(b.height);
      expect(decoded.data.txs).toHaveLength(b.txs.length);
      expect(Block.encode(decoded).finish()).toEqual(bytes);
    }
  });
});

describe('cometBlockMeta: persistence and misuse', () => {
  it('a reopened chain links its next block to the stored JSON header', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consensus-chain-'));
    dirs.push(dir);
    const dbPath = path.join(dir, 'chain.sqlite');
    threeBlocks(dbPath).close();
    const chain = openChain(dbPath);
    chain.commitBlock([sendTx(2n, 1n)], 4_000_000_000n + 1704067200_000_000_000n);
    const b3 = chain.store.getBlock(3n)!;
    const b4 = chain.store.getBlock(4n)!;
    expect(stored(b4).header.last_block_id).toEqual(stored(b3).block_id);
    expect(b4.lastCommit).toEqual(stored(b3).commit);
    expect(stored(b4).header.time).toBe('2024-01-01T00:00:04Z');
    expect(() => verifyCommit('stratos-test', validators, stored(b4).commit, { blockId: stored(b4).block_id, height: 4n })).not.toThrow();
    chain.close();
  });

  it('refuses an empty set and a previous block not built by it; a held key outside the set signs nothing', () => {
    const empty = Chain.open({
      ...appModules,
      dbPath: ':memory:',
      genesis: genesisWith([[alice.address, 10n ** 21n]]),
      blockMeta: cometBlockMeta({ privValidatorKeys: [validatorKey], genesisValidators: [], consensusParams }),
    });
    expect(() => empty.commitBlock([])).toThrow('consensus: the validator set is empty (no validators from InitChain and none in genesis.validators)');
    empty.close();
    const stranger = createPrivValidatorKey(new Uint8Array(32).fill(1));
    const unsigned = Chain.open({
      ...appModules,
      dbPath: ':memory:',
      genesis: genesisWith([[alice.address, 10n ** 21n]]),
      blockMeta: cometBlockMeta({ privValidatorKeys: [stranger], genesisValidators: validators, consensusParams }),
    });
    unsigned.commitBlock([]);
    expect(stored(unsigned.store.getBlock(1n)!).commit.signatures.map((x) => x.block_id_flag)).toEqual([1]);
    unsigned.close();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consensus-chain-'));
    dirs.push(dir);
    const dbPath = path.join(dir, 'chain.sqlite');
    const plain = Chain.open({ ...appModules, dbPath, genesis: genesisWith([[alice.address, 10n ** 21n]]), blockMeta: plainBlockMeta });
    plain.commitBlock([]);
    plain.close();
    const chain = openChain(dbPath);
    expect(() => chain.commitBlock([])).toThrow('block 1 was not built by the consensus engine (its header is not a CometBFT header), so block 2 cannot link to it');
    chain.close();
  });

  it('the proposer is the highest-power validator (CometBFT order), and only it signs', () => {
    const other = createPrivValidatorKey(new Uint8Array(32).fill(2));
    const set = [validatorFromKey(validatorKey, 10), validatorFromKey(other, 50)];
    const chain = Chain.open({
      ...appModules,
      dbPath: ':memory:',
      genesis: genesisWith([[alice.address, 10n ** 21n]]),
      blockMeta: cometBlockMeta({ privValidatorKeys: [validatorKey], genesisValidators: set, consensusParams }),
    });
    chain.commitBlock([]);
    const s = stored(chain.store.getBlock(1n)!);
    expect(s.header.proposer_address).toBe(other.address);
    expect(s.commit.signatures.map((x) => x.block_id_flag)).toEqual([1, 2]);
    expect(s.commit.signatures[1]!.validator_address).toBe(validatorKey.address);
  });
});
