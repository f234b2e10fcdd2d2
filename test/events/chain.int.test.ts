import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { Chain, ReplayMismatchError } from '../../src/abci/chain.ts';
import { appModules } from '../../src/abci/modules.ts';
import { parseSearchQuery, QuerySyntaxError } from '../../src/events/search-query.ts';
import { balanceOf } from '../../src/modules/bank/state.ts';
import { genesisWith, msgSend, signed, testKey } from '../helpers/fixture.ts';
import Database from 'better-sqlite3';

const alice = testKey(0);
const bob = testKey(1);
const FEE = [{ denom: 'wei', amount: '200000000000000' }];
const dirs: string[] = [];
function tempDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chain-test-'));
  dirs.push(dir);
  return join(dir, 'chain.sqlite');
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const genesis = genesisWith([[alice.address, 10n ** 21n]]);
const sendTx = (seq: bigint, amount: bigint, memo = '') => signed(alice, 0n, seq, { messages: [msgSend(alice.address, bob.address, amount)], fee: FEE, memo });

describe('Chain: blocks persisted in SQLite, searchable, replayable', () => {
  it('commits blocks, streams them, and finds txs by hash, sender, acc_seq and height', async () => {
    const chain = Chain.open({ ...appModules, dbPath: tempDb(), genesis, snapshotInterval: 2 });
    const streamed = firstValueFrom(chain.blocks$);
    const b1 = chain.commitBlock([sendTx(0n, 5n), sendTx(1n, 6n)]);
    expect((await streamed).height).toBe(1n);
    chain.commitBlock([sendTx(2n, 7n, 'third')]);
    chain.commitBlock([]);
    expect(chain.height).toBe(3n);

    const hash = b1.txs[1]!.hash;
    expect(chain.store.getTx(hash.toLowerCase())!.index).toBe(1);
    const bySender = chain.store.searchTxs(parseSearchQuery(`message.sender='${alice.address}'`));
    expect(bySender.total).toBe(3);
    expect(bySender.txs.map((t) => [t.height, t.index])).toEqual([[1n, 0], [1n, 1], [2n, 0]]);
    expect(chain.store.searchTxs(parseSearchQuery(`tx.acc_seq='${alice.address}/2'`)).txs[0]!.height).toBe(2n);
    expect(chain.store.searchTxs(parseSearchQuery(`message.action='/sdk.bank.v1beta1.MsgSend' AND tx.height=1`)).total).toBe(2);
    expect(chain.store.searchTxs(parseSearchQuery(`tx.height>1 AND transfer.recipient='${bob.address}'`)).total).toBe(1);
    const page2 = chain.store.searchTxs(parseSearchQuery(`message.sender='${alice.address}'`), { page: 2, perPage: 2, orderBy: 'desc' });
    expect(page2.txs.map((t) => t.index)).toEqual([0]);
    expect(page2.txs[0]!.height).toBe(1n);
    const stored = chain.store.getTx(hash)!;
    expect(stored.result.logs[0]!.events.map((e) => e.type)).toEqual(['coin_received', 'coin_spent', 'message', 'transfer']);
    expect(JSON.parse(stored.result.log)[0].msg_index).toBe(0);
    chain.close();
  });

  it('rejects malformed search queries with a message naming the problem', () => {
    expect(() => parseSearchQuery('')).toThrow(QuerySyntaxError);
    expect(() => parseSearchQuery('message.sender')).toThrow('\nparse error near PegText (line 1 symbol 2 - line 1 symbol 16):\n"message.sender"\n');
    expect(() => parseSearchQuery('tx.height>abc')).toThrow('\nparse error near g (line 1 symbol 11 - line 1 symbol 12):\n">"\n');
    expect(parseSearchQuery(`a.b='x y' AND c.d<=5 and e.f CONTAINS 'z'`)).toEqual([
      { key: 'a.b', op: '=', value: 'x y', operand: 'string' },
      { key: 'c.d', op: '<=', value: '5', operand: 'number' },
      { key: 'e.f', op: 'CONTAINS', value: 'z', operand: 'string' },
    ]);
  });

  it('reopens from the newest snapshot and replays the rest to the same app hash', () => {
    const dbPath = tempDb();
    let chain = Chain.open({ ...appModules, dbPath, genesis, snapshotInterval: 2 });
    for (let i = 0n; i < 5n; i++) chain.commitBlock([sendTx(i, 10n + i)]);
    const hash = Buffer.from(chain.app.info().lastBlockAppHash).toString('hex');
    const bal = balanceOf(chain.app.state, bob.address, 'wei');
    chain.close();
    chain = Chain.open({ ...appModules, dbPath });
    expect(chain.height).toBe(5n);
    expect(Buffer.from(chain.app.info().lastBlockAppHash).toString('hex')).toBe(hash);
    expect(balanceOf(chain.app.state, bob.address, 'wei')).toBe(bal);
    // and it keeps going
    expect(chain.commitBlock([sendTx(5n, 1n)]).txs[0]!.result.code).toBe(0);
    chain.close();
  });

  it('stops with the height named when a stored app hash does not match the replay', () => {
    const dbPath = tempDb();
    const chain = Chain.open({ ...appModules, dbPath, genesis, snapshotInterval: 0 });
    chain.commitBlock([sendTx(0n, 1n)]);
    chain.commitBlock([sendTx(1n, 1n)]);
    chain.close();
    const db = new Database(dbPath);
    db.prepare('UPDATE blocks SET app_hash = ? WHERE height = 2').run(Buffer.alloc(32, 7));
    db.close();
    expect(() => Chain.open({ ...appModules, dbPath })).toThrow(ReplayMismatchError);
    expect(() => Chain.open({ ...appModules, dbPath })).toThrow(/app hash mismatch at height 2/);
  });

  it('refuses, saying why, a chain whose app hashes follow another state format', () => {
    const dbPath = tempDb();
    const chain = Chain.open({ ...appModules, dbPath, genesis, snapshotInterval: 0 });
    chain.commitBlock([sendTx(0n, 1n)]);
    chain.close();
    const db = new Database(dbPath);
    db.prepare("DELETE FROM meta WHERE key = 'state_format'").run(); // as written before formats were recorded
    db.close();
    expect(() => Chain.open({ ...appModules, dbPath })).toThrow(
      `${dbPath} holds a chain whose app hashes follow state format 1; this version computes format 4 (docs/architecture.md "App hash") and cannot replay it: start a new chain (\`chaind consensus unsafe-reset-all\` keeps the genesis; \`npm start -- --reset\` for the local network), or use the version that wrote it`,
    );
  });
});
