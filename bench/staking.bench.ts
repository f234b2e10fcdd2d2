/**
 * Staking throughput (issue 12): blocks of 1000 MsgDelegate over 100 validators with 100k
 * delegators in state, against blocks of 1000 MsgSend on the same state (target: at least half the
 * MsgSend throughput). The App runs in-process (FinalizeBlock + Commit, signatures checked in the
 * ante, no persistence); txs are signed outside the timed part. Prints the median block time of each.
 *
 * Then distribution's BeginBlock allocation (F1 `AllocateTokens`): blocks of one fee-paying MsgSend
 * with a last commit of every validator's vote, of half of them, and with no commit information
 * (which allocates nothing): the difference is the allocation's cost, which must grow with the
 * validators that voted and not with the delegators in state (compare DELEGATORS=10000 and 100000).
 *
 *   NODE_ENV=production npx tsx bench/staking.bench.ts     (DELEGATORS=100000 VALIDATORS=100 BLOCKS=6 TXS=1000)
 */
import { createHash, randomBytes } from 'node:crypto';
import { App } from '../src/abci/app.ts';
import { appModules } from '../src/abci/modules.ts';
import { accAddress, valAddress } from '../src/crypto/address.ts';
import { ed25519KeyPairFromSeed } from '../src/crypto/ed25519.ts';
import { moduleAccountAddress } from '../src/modules/auth/account.ts';
import { parseTimeNs } from '../src/state/block-info.ts';
import { GENESIS_TIME, genesisWith, msgSend, signed, testKey } from '../test/helpers/fixture.ts';

const DELEGATORS = Number(process.env.DELEGATORS ?? 100_000);
const VALIDATORS = Number(process.env.VALIDATORS ?? 100);
const BLOCKS = Number(process.env.BLOCKS ?? 6);
const TXS = Number(process.env.TXS ?? 1000);
const SENDERS = 200;
const STOS = 10n ** 18n;

const senders = Array.from({ length: SENDERS }, (_, i) => testKey(i));
const delegators = Array.from({ length: DELEGATORS }, () => accAddress(randomBytes(20)));
const operators = Array.from({ length: VALIDATORS }, () => randomBytes(20));
const consensusKeys = operators.map((_, i) => ed25519KeyPairFromSeed(new Uint8Array(32).fill(i + 1)).publicKey);
/** each validator's vote in a last commit: consensus address sha256(key)[0:20], power ⌊tokens / 10^15⌋ */
const votes = () => consensusKeys.map((k, i) => ({ address: createHash('sha256').update(k).digest().subarray(0, 20).toString('hex').toUpperCase(), power: tokens[i]! / 10n ** 15n, signed: true }));
const valopers = operators.map((b) => valAddress(b));

// every delegator (and sender) delegates 1 STOS to one validator, round robin
const all = [...senders.map((k) => k.address), ...delegators];
const tokens = new Array<bigint>(VALIDATORS).fill(0n);
const delegations = all.map((d, i) => {
  tokens[i % VALIDATORS]! += STOS;
  return { delegator_address: d, validator_address: valopers[i % VALIDATORS]!, shares: `${STOS}.000000000000000000` };
});
const genesis = genesisWith([...senders.map((k) => [k.address, 10n ** 24n] as [string, bigint]), ...delegators.map((a) => [a, STOS] as [string, bigint])]);
const bonded = tokens.reduce((a, b) => a + b, 0n);
(genesis.app_state.bank as any).balances.push({ address: moduleAccountAddress('bonded_tokens_pool'), coins: [{ denom: 'wei', amount: bonded.toString() }] });
genesis.app_state.staking = {
  params: { unbonding_time: '1814400s', max_validators: 100, max_entries: 7, historical_entries: 10000, bond_denom: 'wei', min_commission_rate: '0.000000000000000000' },
  last_total_power: '0',
  last_validator_powers: [],
  validators: operators.map((_, i) => ({
    operator_address: valopers[i],
    consensus_pubkey: { '@type': '/sdk.crypto.ed25519.PubKey', key: Buffer.from(consensusKeys[i]!).toString('base64') },
    jailed: false,
    status: 'BOND_STATUS_BONDED',
    tokens: tokens[i]!.toString(),
    delegator_shares: `${tokens[i]}.000000000000000000`,
    description: { moniker: `v${i}` },
    unbonding_height: '0',
    unbonding_time: '1970-01-01T00:00:00Z',
    commission: { commission_rates: { rate: '0.050000000000000000', max_rate: '0.200000000000000000', max_change_rate: '0.010000000000000000' }, update_time: GENESIS_TIME },
    min_self_delegation: '1',
    unbonding_on_hold_ref_count: '0',
    unbonding_ids: [],
  })),
  delegations,
  unbonding_delegations: [],
  redelegations: [],
  exported: false,
};

let t = performance.now();
const app = new App({ ...appModules });
app.initChain(genesis);
console.log(`genesis: ${all.length} delegations over ${VALIDATORS} validators in ${(performance.now() - t).toFixed(0)} ms`);

const seq = new Array<bigint>(SENDERS).fill(0n);
const FEE = [{ denom: 'wei', amount: '200000000000000' }];
let timeNs = parseTimeNs(GENESIS_TIME);
const recipients = delegators;

function block(kind: 'delegate' | 'send'): Uint8Array[] {
  return Array.from({ length: TXS }, (_, i) => {
    const s = i % SENDERS;
    const msg =
      kind === 'send'
        ? msgSend(senders[s]!.address, recipients[(Math.random() * recipients.length) | 0]!, 1n)
        : { typeName: 'sdk.staking.v1beta1.MsgDelegate', value: { delegator_address: senders[s]!.address, validator_address: valopers[(Math.random() * VALIDATORS) | 0]!, amount: { denom: 'wei', amount: '1000' } } };
    const tx = signed(senders[s]!, BigInt(s), seq[s]!, { messages: [msg], fee: FEE, gasLimit: 400_000n });
    seq[s]! += 1n;
    return tx;
  });
}

function run(kind: 'delegate' | 'send'): number[] {
  const ms: number[] = [];
  for (let b = 0; b < BLOCKS; b++) {
    const txs = block(kind);
    timeNs += 5_000_000_000n;
    t = performance.now();
    const res = app.finalizeBlock({ height: app.height + 1n, timeNs, proposer: '', txs });
    app.commit();
    ms.push(performance.now() - t);
    const failed = res.txResults.filter((r) => r.code !== 0);
    if (failed.length > 0) throw new Error(`${kind}: ${failed.length} txs failed, first: ${failed[0]!.log}`);
  }
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
// alternate so that both see the same warm-up
const send1 = run('send');
const del1 = run('delegate');
const send2 = run('send');
const del2 = run('delegate');
const s = median([...send1.slice(1), ...send2]);
const d = median([...del1.slice(1), ...del2]);
console.log(`MsgSend:     median ${s.toFixed(0)} ms per ${TXS}-tx block (${((TXS / s) * 1000).toFixed(0)} tx/s)  [${[...send1, ...send2].map((x) => x.toFixed(0)).join(' ')}]`);
console.log(`MsgDelegate: median ${d.toFixed(0)} ms per ${TXS}-tx block (${((TXS / d) * 1000).toFixed(0)} tx/s)  [${[...del1, ...del2].map((x) => x.toFixed(0)).join(' ')}]`);
console.log(`delegate / send throughput: ${(s / d).toFixed(2)} (target ≥ 0.5)`);

/** Median time of blocks of one fee-paying MsgSend, with the given last commit (undefined: none). */
function allocationRun(lastCommit: ReturnType<typeof votes> | undefined): number {
  const ms: number[] = [];
  for (let b = 0; b < 21; b++) {
    const s = b % SENDERS;
    const tx = signed(senders[s]!, BigInt(s), seq[s]!, { messages: [msgSend(senders[s]!.address, recipients[b]!, 1n)], fee: FEE });
    seq[s]! += 1n;
    timeNs += 5_000_000_000n;
    t = performance.now();
    app.finalizeBlock({ height: app.height + 1n, timeNs, proposer: '', txs: [tx], ...(lastCommit ? { lastCommit } : {}) });
    app.commit();
    ms.push(performance.now() - t);
  }
  return median(ms.slice(1));
}

const all100 = votes();
const none = allocationRun(undefined);
const full = allocationRun(all100);
const half = allocationRun(all100.slice(0, Math.ceil(VALIDATORS / 2)));
console.log(
  `BeginBlock allocation (${DELEGATORS} delegators): ${(full - none).toFixed(2)} ms per block with ${VALIDATORS} votes, ` +
    `${(half - none).toFixed(2)} ms with ${Math.ceil(VALIDATORS / 2)} (block of 1 tx: ${none.toFixed(2)} ms without commit information)`,
);
