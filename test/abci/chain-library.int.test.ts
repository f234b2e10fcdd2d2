/**
 * The chain core as a library (tour s33, findings 4–7): typed events of each committed block
 * (`Chain.events$`, `FinalizeBlockResponse.typedEvents`), block times that never go back, a reopen
 * that refuses another genesis, and the chain's module set when `modules` is left out.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../src/abci/app.ts';
import { Chain, type BlockEvents, type CommittedBlock } from '../../src/abci/chain.ts';
import { appModules } from '../../src/abci/modules.ts';
import { toAbciEvent, type ChainEvent } from '../../src/events/event.ts';
import { parseTimeNs } from '../../src/state/block-info.ts';
import { GENESIS_TIME, genesisWith, msgSend, signed, testKey } from '../helpers/fixture.ts';

const alice = testKey(0);
const bob = testKey(1);
const FEE = [{ denom: 'wei', amount: '200000000000000' }];
const GENESIS_NS = parseTimeNs(GENESIS_TIME);
const S = 1_000_000_000n;
const genesis = genesisWith([[alice.address, 10n ** 21n], [bob.address, 10n ** 18n]]);
const send = (seq: bigint, amount: bigint) => signed(alice, 0n, seq, { messages: [msgSend(alice.address, bob.address, amount)], fee: FEE });

const dirs: string[] = [];
function tempDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chain-library-'));
  dirs.push(dir);
  return join(dir, 'chain.sqlite');
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const abciOf = (events: readonly ChainEvent[]) => events.map((e) => toAbciEvent(e));

describe('Chain.events$: the typed events of each committed block (finding 4)', () => {
  it('emits, after blocks$, begin block, each tx (index, code, events) and end block, one for one with the ABCI events', () => {
    const chain = Chain.open({ ...appModules, dbPath: ':memory:', genesis });
    const seen: string[] = [];
    const typed: BlockEvents[] = [];
    chain.blocks$.subscribe((b) => seen.push(`block ${b.height}`));
    chain.events$.subscribe((e) => {
      seen.push(`events ${e.block.height}`);
      typed.push(e);
    });
    // passes; fails in its message (more than alice holds: the ante's events only); fails in the ante (wrong sequence)
    const committed = chain.commitBlock([send(0n, 5n), send(1n, 10n ** 22n), send(7n, 1n)]);
    chain.commitBlock([]);
    expect(seen).toEqual(['block 1', 'events 1', 'block 2', 'events 2']);

    const ev = typed[0]!;
    expect(ev.block).toBe(committed);
    expect(ev.txs.map((t) => [t.index, t.code, t.codespace])).toEqual([[0, 0, ''], [1, 5, 'sdk'], [2, 32, 'sdk']]);
    ev.txs.forEach((t, i) => {
      expect(t.tx).toBe(committed.txs[i]);
      expect(abciOf(t.events)).toEqual(committed.txs[i]!.result.events);
    });
    expect(abciOf(ev.beginBlock)).toEqual(committed.beginBlockEvents);
    expect(abciOf(ev.endBlock)).toEqual(committed.endBlockEvents);
    expect(ev.beginBlock.length).toBeGreaterThan(0); // mint's
    expect(ev.txs[2]!.events).toEqual([]);
    expect(ev.txs[1]!.events.map((e) => e.type)).toEqual(['coin_spent', 'coin_received', 'transfer', 'message', 'tx', 'tx', 'tx']);

    // coins as bigint, not text: the passing send's transfer
    const transfer = ev.txs[0]!.events.filter((e) => e.type === 'transfer').at(-1)!;
    expect(transfer).toEqual({ type: 'transfer', data: { recipient: bob.address, sender: alice.address, amount: [{ denom: 'wei', amount: 5n }] } });
    chain.close();
  });

  it('makes no per-tx entries while nobody subscribes, and completes at close', () => {
    const chain = Chain.open({ ...appModules, dbPath: ':memory:', genesis });
    chain.commitBlock([send(0n, 1n)]);
    let completed = false;
    let emitted = 0;
    chain.events$.subscribe({ next: () => emitted++, complete: () => (completed = true) });
    chain.commitBlock([send(1n, 1n)]);
    chain.close();
    expect(emitted).toBe(1);
    expect(completed).toBe(true);
  });

  it('App.finalizeBlock returns the typed events; a replay has none for its passing txs, and the failing ones\'', () => {
    const deliver = new App(appModules);
    const replay = new App(appModules);
    deliver.initChain(genesis);
    replay.initChain(genesis);
    const req = { height: 1n, timeNs: GENESIS_NS + S, proposer: '', txs: [send(0n, 5n), send(1n, 10n ** 22n)] };
    const d = deliver.finalizeBlock(req);
    const r = replay.finalizeBlock(req, 'replay');
    expect(r.appHash).toEqual(d.appHash);
    expect(abciOf(d.typedEvents.txs[0]!)).toEqual(d.txResults[0]!.events);
    expect(abciOf(d.typedEvents.txs[1]!)).toEqual(d.txResults[1]!.events);
    expect(r.typedEvents.txs[0]).toEqual([]); // replay builds no events for a passing tx
    expect(r.txResults[0]!.events).toEqual([]);
    expect(abciOf(r.typedEvents.txs[1]!)).toEqual(r.txResults[1]!.events);
    expect(r.typedEvents.txs[1]!.length).toBeGreaterThan(0);
    expect(abciOf(r.typedEvents.beginBlock)).toEqual(r.beginBlockEvents);
  });
});

describe('block times never go back (finding 5)', () => {
  it('commitBlock refuses a time before the last block\'s, naming both, and changes nothing; an equal time passes', () => {
    const dbPath = tempDb();
    const chain = Chain.open({ ...appModules, dbPath, genesis });
    const reported: bigint[] = [];
    chain.blocks$.subscribe((b: CommittedBlock) => reported.push(b.height));
    const b1 = chain.commitBlock([send(0n, 1n)], GENESIS_NS + 100n * S);
    expect(() => chain.commitBlock([send(1n, 1n)], 1_000n)).toThrow(
      /block 2's time 1970-01-01T00:00:00\.000001000Z \(1000 ns\) is earlier than block 1's time, 2024-01-01T00:01:40\.000000000Z \(1704067300000000000 ns\)/,
    );
    expect(() => chain.commitBlock([], GENESIS_NS + 100n * S - 1n)).toThrow(/earlier than block 1's time/);
    expect(chain.height).toBe(1n);
    expect(chain.lastBlockTimeNs).toBe(GENESIS_NS + 100n * S);
    expect(chain.app.info().lastBlockAppHash).toEqual(b1.appHash);
    expect(chain.store.latestHeight()).toBe(1n);
    // an equal time (the scenario runner's clock makes them), with the tx refused above: nothing of it was kept
    const b2 = chain.commitBlock([send(1n, 1n)], GENESIS_NS + 100n * S);
    expect(b2.txs[0]!.result.code).toBe(0);
    expect(reported).toEqual([1n, 2n]);
    chain.close();
  });

  it('the first block\'s time is free (callers count virtual time from 0 whatever the genesis time); the second is bound by it', () => {
    const chain = Chain.open({ ...appModules, dbPath: ':memory:', genesis: genesisWith([[alice.address, 10n ** 21n]], { initial_height: '5' }) });
    expect(chain.commitBlock([], 1n).height).toBe(5n);
    expect(() => chain.commitBlock([], 0n)).toThrow(/block 6's time .* is earlier than block 5's time, 1970-01-01T00:00:00\.000000001Z \(1 ns\)/);
    expect(chain.commitBlock([], 1n).height).toBe(6n);
    chain.close();
  });

  it('App.finalizeBlock refuses it too, after a block and after a reopen from a snapshot', () => {
    const app = new App(appModules);
    app.initChain(genesis);
    app.finalizeBlock({ height: 1n, timeNs: GENESIS_NS + 5n * S, proposer: '', txs: [] });
    app.commit();
    expect(() => app.finalizeBlock({ height: 2n, timeNs: GENESIS_NS + 4n * S, proposer: '', txs: [] })).toThrow(
      /finalizeBlock: block 2's time 2024-01-01T00:00:04\.000000000Z \(\d+ ns\) is earlier than block 1's time, 2024-01-01T00:00:05\.000000000Z/,
    );
    expect(() => app.commit()).toThrow(/no finalized block/); // nothing pending
    expect(app.finalizeBlock({ height: 2n, timeNs: GENESIS_NS + 5n * S, proposer: '', txs: [] }).appHash.length).toBe(32);

    const dbPath = tempDb();
    const chain = Chain.open({ ...appModules, dbPath, genesis, snapshotInterval: 2 });
    chain.commitBlock([], GENESIS_NS + 10n * S);
    chain.commitBlock([], GENESIS_NS + 20n * S); // snapshot at 2: the reopen restores it and replays nothing
    chain.close();
    const reopened = Chain.open({ ...appModules, dbPath });
    expect(reopened.lastReplay!.blocks).toBe(0);
    expect(() => reopened.app.finalizeBlock({ height: 3n, timeNs: GENESIS_NS + 15n * S, proposer: '', txs: [] })).toThrow(/earlier than the time of block 2/);
    expect(() => reopened.commitBlock([], GENESIS_NS + 15n * S)).toThrow(/earlier than block 2's time/);
    expect(reopened.commitBlock([], GENESIS_NS + 21n * S).height).toBe(3n);
    reopened.close();
  });
});

describe('Chain.open on a stored chain with a genesis (finding 6)', () => {
  it('refuses another genesis, naming the difference; the same one (any key order) or none opens it', () => {
    const dbPath = tempDb();
    const first = Chain.open({ ...appModules, dbPath, genesis });
    first.commitBlock([send(0n, 1n)]);
    const hash = first.app.info().lastBlockAppHash;
    first.close();

    const other = genesisWith([[alice.address, 999n]]);
    expect(() => Chain.open({ ...appModules, dbPath, genesis: other })).toThrow(
      new RegExp(`genesis mismatch: ${dbPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} holds the chain of another genesis .* differ at genesis\\.app_state\\.auth\\.accounts\\[1\\]: stored \\{"@type".*, given nothing`),
    );
    expect(() => Chain.open({ ...appModules, dbPath, genesis: { ...genesis, chain_id: 'other-chain' } })).toThrow(/differ at genesis\.chain_id: stored "stratos-test", given "other-chain"/);

    // the same genesis as text with its keys in another order, as an object, and none at all
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(genesis).reverse()));
    for (const g of [reordered, genesis, undefined]) {
      const again = Chain.open({ ...appModules, dbPath, ...(g === undefined ? {} : { genesis: g }) });
      expect(again.app.info().lastBlockAppHash).toEqual(hash);
      again.close();
    }
  });
});

describe('modules left out (finding 7)', () => {
  it('Chain.open and new App use the chain\'s module set and block orders (appModules)', () => {
    const withModules = Chain.open({ ...appModules, dbPath: ':memory:', genesis });
    const without = Chain.open({ dbPath: ':memory:', genesis });
    for (const c of [withModules, without]) c.commitBlock([send(0n, 3n)], GENESIS_NS + S);
    expect(without.app.info().lastBlockAppHash).toEqual(withModules.app.info().lastBlockAppHash);
    expect(without.app.decodesAs(appModules.modules)).toBe(true);
    withModules.close();
    without.close();

    const app = new App({});
    expect(app.initChain(genesis)).toEqual(new App(appModules).initChain(genesis));
  });

  it('a modules option that is no array of modules is refused, naming appModules', () => {
    expect(() => new App({ modules: appModules as never })).toThrow(/options\.modules must be an array of modules; the chain's module set is appModules\.modules of src\/abci\/modules\.ts/);
    expect(() => Chain.open({ modules: 'bank' as never, dbPath: ':memory:', genesis })).toThrow(/appModules/);
  });
});
