/**
 * Replay with the decoder thread: the worker delivers every stored block with its txs decoded
 * exactly as this thread decodes them (undecodable txs left to this thread), a failed worker
 * hands the work back, and a chain replayed with the thread reaches the same app hashes.
 */
import { describe, expect, it } from 'vitest';
import { Chain } from '../../src/abci/chain.ts';
import { appModules } from '../../src/abci/modules.ts';
import { packParts, ReplayDecoder, unpackParts } from '../../src/abci/replay-decoder.ts';
import { decodeTxParts, type TxParts } from '../../src/abci/tx-view.ts';
import { codec } from '../../src/codec/registry.ts';
import { msgSpecsOf } from '../../src/state/module.ts';
import { balanceOf } from '../../src/modules/bank/state.ts';
import { genesisWith, msgSend, signed, testKey } from '../helpers/fixture.ts';
import { tempDbs } from '../helpers/temp-db.ts';

const alice = testKey(0);
const bob = testKey(1);
const carol = testKey(2);
const FEE = [{ denom: 'wei', amount: '200000000000000' }];
const tempDb = tempDbs('replay-decoder-');

/** 12 blocks: sends, a first tx of a new signer (sets its key), an undecodable tx, a stale sequence and a failing message. */
function buildChain(dbPath: string): { hashes: string[]; codes: number[] } {
  const genesis = genesisWith([[alice.address, 10n ** 21n], [bob.address, 10n ** 21n]]);
  const chain = Chain.open({ ...appModules, dbPath, genesis, snapshotInterval: 0 });
  const hashes: string[] = [];
  const codes: number[] = [];
  let seq = 0n;
  const send = (to: string, amount: bigint) => signed(alice, 0n, seq++, { messages: [msgSend(alice.address, to, amount)], fee: FEE });
  for (let b = 0; b < 12; b++) {
    const txs = [send(carol.address, 5n), send(bob.address, 7n)];
    if (b === 3) txs.push(signed(bob, 1n, 0n, { messages: [msgSend(bob.address, carol.address, 3n)], fee: FEE }));
    if (b === 5) {
      txs.push(Uint8Array.from([0x0a, 0x03, 0xff, 0xff])); // not a tx: code 2
      txs.push(signed(alice, 0n, seq - 1n, { messages: [msgSend(alice.address, bob.address, 1n)], fee: FEE })); // stale sequence: code 32
      txs.push(send(bob.address, 10n ** 30n)); // more than alice has: code 5, fee and sequence kept
    }
    const block = chain.commitBlock(txs);
    hashes.push(Buffer.from(block.appHash).toString('hex'));
    codes.push(...block.txs.map((t) => t.result.code));
  }
  chain.close();
  return { hashes, codes };
}

describe('replay decoder thread', () => {
  it('sends parts as text that revives to equal values: bigints, bytes, odd numbers, marked strings, nulls', () => {
    const value = {
      n: 18446744073709551615n,
      neg: -5n,
      bytes: Uint8Array.from([0, 1, 254, 255]),
      empty: new Uint8Array(0),
      odd: [Number.NaN, -0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1.5],
      strings: ['plain', '\u0001n12', '\u0001', ''],
      nothing: null,
      nested: [{ deep: [{ n: 0n }] }],
    };
    const parts = [value, null] as unknown as Parameters<typeof packParts>[0];
    const back = unpackParts(packParts(parts));
    expect(back).toEqual(parts);
    expect(Object.is((back[0] as unknown as typeof value).odd[1], -0)).toBe(true);
    expect((back[0] as unknown as typeof value).bytes).toBeInstanceOf(Uint8Array);
  });

  it('delivers each stored block with its txs decoded as this thread decodes them', () => {
    const dbPath = tempDb();
    const { codes } = buildChain(dbPath);
    expect(codes.filter((c) => c !== 0)).toEqual([2, 32, 5]);
    const chain = Chain.open({ ...appModules, dbPath, replayUpTo: 0n });
    const specs = msgSpecsOf(appModules.modules);
    const decoder = new ReplayDecoder(dbPath, 1n, 12n, 'neutral');
    try {
      for (let h = 1n; h <= 12n; h++) {
        const decoded = decoder.take(h, true);
        expect(decoded, `block ${h}`).toBeDefined();
        const stored = chain.store.getBlock(h)!;
        expect(decoded!.block).toEqual(stored);
        const here = stored.txs.map((tx): TxParts | null => {
          try {
            return decodeTxParts(codec, tx, specs);
          } catch {
            return null;
          }
        });
        expect(decoded!.parts).toEqual(here);
        if (h === 6n) expect(decoded!.parts.map((p) => p === null)).toEqual([false, false, true, false, false]);
      }
    } finally {
      decoder.close();
      chain.close();
    }
  });

  it('the app applied to the parts from the worker reaches every stored app hash', () => {
    const dbPath = tempDb();
    const { hashes } = buildChain(dbPath);
    const chain = Chain.open({ ...appModules, dbPath, replayUpTo: 0n, replayDecoderMinTxs: Infinity });
    const decoder = new ReplayDecoder(dbPath, 1n, 12n, 'neutral');
    try {
      for (let h = 1n; h <= 12n; h++) {
        const { block, parts } = decoder.take(h, true)!;
        const res = chain.app.finalizeBlock({ height: h, timeNs: block.timeNs, proposer: '', txs: block.txs }, 'replay', parts);
        expect(Buffer.from(res.appHash).toString('hex'), `block ${h}`).toBe(hashes[Number(h) - 1]);
        chain.app.commit();
      }
      expect(balanceOf(chain.app.state, carol.address, 'wei')).toBe(12n * 5n + 3n);
    } finally {
      decoder.close();
      chain.close();
    }
  });

  it('hands the work back when the worker fails (here: no such database)', () => {
    const decoder = new ReplayDecoder(tempDb(), 1n, 3n, 'neutral');
    try {
      expect(decoder.take(1n, true)).toBeUndefined();
      expect(decoder.take(2n, true)).toBeUndefined();
    } finally {
      decoder.close();
    }
  });

  it('a chain reopened with the decoder enabled reaches the stored app hash and the state of a replay without it', () => {
    const dbPath = tempDb();
    const { hashes } = buildChain(dbPath);
    const without = Chain.open({ ...appModules, dbPath, replayDecoderMinTxs: Infinity });
    expect(without.lastReplay).toMatchObject({ blocks: 12, txs: 28, decodedOnWorker: 0 });
    const balance = balanceOf(without.app.state, carol.address, 'wei');
    without.close();
    const withWorker = Chain.open({ ...appModules, dbPath, replayDecoderMinTxs: 1 });
    expect(withWorker.lastReplay).toMatchObject({ blocks: 12, txs: 28 });
    expect(Buffer.from(withWorker.app.info().lastBlockAppHash).toString('hex')).toBe(hashes.at(-1));
    expect(balanceOf(withWorker.app.state, carol.address, 'wei')).toBe(balance);
    expect(balance).toBe(12n * 5n + 3n);
    withWorker.close();
  });
});
