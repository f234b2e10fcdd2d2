/** Child process for the crash test: commits blocks of signed sends forever, printing each height. */
import { Chain } from '../../src/abci/chain.ts';
import { appModules } from '../../src/abci/modules.ts';
import { genesisWith, msgSend, signed, testKey } from './fixture.ts';

const dbPath = process.argv[2]!;
const keys = Array.from({ length: 50 }, (_, i) => testKey(i));
const chain = Chain.open({ ...appModules, dbPath, genesis: genesisWith(keys.map((k) => [k.address, 10n ** 24n])), snapshotInterval: 3 });
const FEE = [{ denom: 'wei', amount: '1' }];
let seq = 0n;
for (;;) {
  const txs = keys.map((k, i) => signed(k, BigInt(i), seq, { messages: [msgSend(k.address, keys[(i + 1) % keys.length]!.address, 1n)], fee: FEE }));
  seq += 1n;
  const b = chain.commitBlock(txs);
  process.stdout.write(`${b.height}\n`);
}
