/** Child process for the crash test: commits blocks of signed sends forever, printing each height. Args: db path, then `deltas` for delta snapshots in slices. */
import { Chain } from '../../src/abci/chain.ts';
import { appModules } from '../../src/abci/modules.ts';
import { genesisWith, msgSend, signed, testKey } from './fixture.ts';

const dbPath = process.argv[2]!;
// as `chaind start` makes snapshots (in slices, deltas between whole ones), when asked: a kill then lands in any of their steps
const snapshotSettings = process.argv[3] === 'deltas' ? { snapshotSliceMs: 1, snapshotDeltas: 2 } : {};
const keys = Array.from({ length: 50 }, (_, i) => testKey(i));
const chain = Chain.open({ ...appModules, dbPath, genesis: genesisWith(keys.map((k) => [k.address, 10n ** 24n])), snapshotInterval: 3, ...snapshotSettings });
const FEE = [{ denom: 'wei', amount: '1' }];
let seq = 0n;
for (;;) {
  const txs = keys.map((k, i) => signed(k, BigInt(i), seq, { messages: [msgSend(k.address, keys[(i + 1) % keys.length]!.address, 1n)], fee: FEE }));
  seq += 1n;
  const b = chain.commitBlock(txs);
  process.stdout.write(`${b.height}\n`);
}
