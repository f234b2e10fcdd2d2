/**
 * Pruning's keep-every (`AppOptions.keepEvery`; the default strategy keeps the last 100 states and
 * every 500th): a query at a kept height older than the states in memory is answered from that
 * height's snapshot on disk (whole or a delta), with the balances of that height; other old heights
 * are refused as the SDK refuses a pruned height.
 */
import { describe, expect, it } from 'vitest';
import { Chain } from '../../src/abci/chain.ts';
import { appModules } from '../../src/abci/modules.ts';
import { balanceOf } from '../../src/modules/bank/state.ts';
import { genesisWith, msgSend, signed, testKey } from '../helpers/fixture.ts';
import { tempDbs } from '../helpers/temp-db.ts';

const alice = testKey(0);
const bob = testKey(1);
const FEE = [{ denom: 'wei', amount: '200000000000000' }];
const genesis = genesisWith([[alice.address, 10n ** 21n]]);
const dbPath = tempDbs('keep-every-');
const BANK = 'sdk.bank.v1beta1';

describe('states of keep-every heights', () => {
  it('answer queries from their snapshots once they are out of memory; the heights between are refused', () => {
    // snapshots every 4 blocks, two of three as deltas; 2 states in memory; every 8th height kept
    const chain = Chain.open({ ...appModules, dbPath: dbPath(), genesis, snapshotInterval: 4, snapshotDeltas: 2, keepRecent: 2, keepEvery: 8 });
    const bobAt = new Map<bigint, bigint>();
    for (let h = 1n; h <= 30n; h++) {
      chain.commitBlock([signed(alice, 0n, h - 1n, { messages: [msgSend(alice.address, bob.address, h)], fee: FEE })], 1_000_000_000n * h);
      bobAt.set(h, balanceOf(chain.app.state, bob.address, 'wei'));
    }
    expect(bobAt.get(8n)).toBe(36n); // 1 + … + 8
    for (const h of [8n, 16n, 24n]) {
      const state = chain.app.stateAt(h)!;
      expect(balanceOf(state, bob.address, 'wei')).toBe(bobAt.get(h));
      // abci_query at that height, as the CLI's --height and REST's x-cosmos-block-height ask
      const req = chain.app.codec.encode(`${BANK}.QueryBalanceRequest`, { address: bob.address, denom: 'wei' });
      const res = chain.app.query(`/${BANK}.Query/Balance`, req, h);
      expect([res.code, res.height]).toEqual([0, h]);
      expect(chain.app.codec.decode(`${BANK}.QueryBalanceResponse`, res.value)).toMatchObject({ balance: { denom: 'wei', amount: bobAt.get(h)!.toString() } });
    }
    // in memory: the last two; between the kept heights: refused (12 has a snapshot, but is not a multiple of 8)
    expect(balanceOf(chain.app.stateAt(29n)!, bob.address, 'wei')).toBe(bobAt.get(29n));
    for (const h of [12n, 15n, 27n]) {
      expect(chain.app.stateAt(h)).toBeUndefined();
      const res = chain.app.query(`/${BANK}.Query/Balance`, chain.app.codec.encode(`${BANK}.QueryBalanceRequest`, { address: bob.address, denom: 'wei' }), h);
      expect([res.code, res.log]).toEqual([18, `failed to load state at height ${h}; version mismatch on immutable IAVL tree; version does not exist. Version has either been pruned, or is for a future block height (latest height: 30): invalid request`]);
    }
    chain.close();
  });
});

describe('an archive node (pruning nothing: rebuildPastStates)', () => {
  it('answers every height its blocks hold after a restart, rebuilt from the snapshot below it and the blocks after', () => {
    const path = dbPath();
    const first = Chain.open({ ...appModules, dbPath: path, genesis, snapshotInterval: 4, snapshotDeltas: 2 });
    const bobAt = new Map<bigint, bigint>();
    for (let h = 1n; h <= 22n; h++) {
      first.commitBlock([signed(alice, 0n, h - 1n, { messages: [msgSend(alice.address, bob.address, h)], fee: FEE })], 1_000_000_000n * h);
      bobAt.set(h, balanceOf(first.app.state, bob.address, 'wei'));
    }
    first.close();
    // restarted: the states in memory are those replayed after the newest snapshot (20) only
    const archive = Chain.open({ ...appModules, dbPath: path, keepRecent: Number.MAX_SAFE_INTEGER, rebuildPastStates: true });
    const plain = Chain.open({ ...appModules, dbPath: path, keepRecent: Number.MAX_SAFE_INTEGER });
    try {
      expect(plain.app.stateAt(13n)).toBeUndefined();
      for (const h of [1n, 4n, 5n, 13n, 19n, 21n]) {
        expect([h, balanceOf(archive.app.stateAt(h)!, bob.address, 'wei')]).toEqual([h, bobAt.get(h)]);
        const res = archive.app.query(`/${BANK}.Query/Balance`, archive.app.codec.encode(`${BANK}.QueryBalanceRequest`, { address: bob.address, denom: 'wei' }), h);
        expect([res.code, res.height]).toEqual([0, h]);
      }
    } finally {
      archive.close();
      plain.close();
    }
  });
});
