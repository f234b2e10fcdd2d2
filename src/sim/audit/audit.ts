/**
 * `auditHome`: replays a chain home's stored blocks from genesis through the one implementation
 * (every stored app hash is checked), with the pot module's observers installed, and explains every
 * report's rewards (docs/audit.md). Works on any home: a simulation's (`sdsim run`) or a node's
 * (`chaind start`), with the node's app.toml `[pot]` settings applied during the replay, as
 * `chaind start` applies them.
 */
import { existsSync, statSync } from 'node:fs';
import { Chain, ReplayMismatchError } from '../../abci/chain.ts';
import { appModules } from '../../abci/modules.ts';
import type { BlockStore } from '../../events/block-store.ts';
import { qualify } from '../../naming.ts';
import { setDistributionObserver } from '../../modules/pot/distribute.ts';
import { setMaturationObserver } from '../../modules/pot/mature.ts';
import { potNodeSettings, type PotNodeSettings } from '../../modules/pot/node-settings.ts';
import { applyPotNodeSettings } from '../../modules/pot/apply-node-settings.ts';
import { chainDbPath, expandHome, homeLayout, readAppConfig, readConsensusConfig, tomlValue } from '../../node/home.ts';
import { formatTimeNs } from '../../state/block-info.ts';
import { checkEpochRange, walletKeyOf } from './options.ts';
import { AuditRecorder, MAX_WALLET_RECORDS, sumAmounts, type MaturationGroup, type RecordedEpoch, type RecordedMaturation } from './recorder.ts';
import type { Audit, AuditOptions, EpochAudit, WalletAudit, WithdrawalAudit } from './types.ts';

export async function auditHome(home: string, opts: AuditOptions = {}): Promise<Audit> {
  const epochs = opts.epochs ? checkEpochRange(opts.epochs) : undefined;
  const walletKey = opts.wallet !== undefined ? walletKeyOf(opts.wallet) : undefined;
  const root = expandHome(home);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new Error(`no chain home at ${root}: the directory does not exist`);
  const layout = homeLayout(root, readConsensusConfig(root));
  const dbPath = chainDbPath(layout);
  if (!existsSync(dbPath)) throw new Error(`no chain in ${layout.home}: ${dbPath} does not exist (a home gets its chain from "chaind start" or "sdsim run")`);
  const app = readAppConfig(layout);
  const settings = potNodeSettings((key) => tomlValue(app, `pot.${key}`), layout.appToml);

  const recorder = new AuditRecorder(epochs, walletKey, opts.maxWalletRecords);
  const restoreSettings = applyPotNodeSettings(settings);
  const prevDistribution = setDistributionObserver(recorder.distributionObserver);
  const prevMaturation = setMaturationObserver(recorder.maturationObserver);
  let chain: Chain | undefined;
  try {
    // the genesis snapshot only; every block is then re-executed with the observers installed
    chain = Chain.open({ ...appModules, dbPath, replayUpTo: 0n });
    const earliest = chain.store.earliestHeight();
    const first = BigInt(chain.genesis.initial_height);
    if (earliest > first) {
      throw new Error(`cannot audit ${layout.home}: blocks before ${earliest} were pruned, and the audit replays every block from the genesis (a node keeps every block with min-retain-blocks = 0 in app.toml)`);
    }
    const overflow = () =>
      new Error(`cannot audit ${layout.home} in one go: more than ${opts.maxWalletRecords ?? MAX_WALLET_RECORDS} per-wallet rewards to list; narrow it with --epochs A..B or --wallet W`);
    try {
      // the replay stops at the block where the records pass the limit, not at the chain's end
      chain.replayStored(() => {
        if (recorder.overflow) throw overflow();
      });
    } catch (e) {
      if (e instanceof ReplayMismatchError) throw new Error(`cannot audit ${layout.home}: ${e.message}; ${settingsHint(settings, layout.appToml)}`);
      throw e;
    }
    if (recorder.overflow) throw overflow();
    const state = chain.app.state;
    const store = chain.store;
    const succeeded = (hash: string, height: bigint) => {
      const tx = store.getTx(hash);
      return tx !== undefined && tx.height === height && tx.result.code === 0;
    };
    const recorded = recorder.committed(succeeded);
    if (epochs && recorded.length === 0) {
      const reported = recorder.reportedEpochs(succeeded);
      const where = reported.length === 0 ? 'it has no volume report at all' : `its reports are in epoch${reported.length > 1 ? 's' : ''} ${epochRanges(reported)}`;
      throw new Error(`no volume report in epochs ${epochs[0]}..${epochs[1]} of this chain: ${where}`);
    }
    const epochAudits = withMaturity(recorded, recorder.maturationGroupList(), recorder.maturationList());
    const withdrawals = readWithdrawals(store, chain.app.codec.profile, opts.wallet);
    if (opts.wallet !== undefined && !epochAudits.some((e) => e.wallets.length > 0) && withdrawals.length === 0) {
      const where = epochs ? `in epochs ${epochs[0]}..${epochs[1]} of this chain` : 'in this chain';
      throw new Error(`wallet ${opts.wallet} has no rewards ${where}: no volume report paid it`);
    }
    const failures = epochAudits.flatMap((e) => e.check.failures.map((f) => `epoch ${e.epoch}: ${f}`));
    const blocks = chain.height - first + 1n;
    const ok = failures.length === 0;
    const p = state.pot.params;
    return {
      chainId: chain.genesis.chain_id,
      latestHeight: chain.height,
      latestTime: formatTimeNs(chain.lastBlockTimeNs),
      settings: { blsVerifier: settings.blsVerifier, restoreTotalSupply: settings.restoreTotalSupply },
      filter: { ...(epochs ? { epochs } : {}), ...(opts.wallet !== undefined ? { wallet: opts.wallet } : {}) },
      denoms: { reward: p.reward_denom, bond: p.bond_denom },
      tiers: p.mining_reward_params.map((t, i) => ({ index: i + 1, valveStart: t.total_mined_valve_start.amount, valveEnd: t.total_mined_valve_end.amount, miningReward: t.mining_reward.amount })),
      epochs: epochAudits,
      withdrawals,
      verdict: {
        ok,
        epochsChecked: epochAudits.length,
        failures,
        text: ok
          ? `every wei accounted for: ${epochAudits.length} report epoch(s) checked; the replay of ${blocks} block(s) matched every stored app hash`
          : `NOT every wei accounted for: ${failures.length} failure(s) in ${epochAudits.filter((e) => !e.check.ok).length} of ${epochAudits.length} report epoch(s)`,
      },
    };
  } finally {
    chain?.close();
    setMaturationObserver(prevMaturation);
    setDistributionObserver(prevDistribution);
    restoreSettings();
  }
}

/** the most runs of consecutive epochs `epochRanges` writes out */
const MAX_RANGES = 8;

/** Ascending epochs as runs: `1..6`, `1..3, 5, 7..9`; past MAX_RANGES runs, `… (N runs in all)`. */
export function epochRanges(epochs: readonly bigint[]): string {
  const runs: [bigint, bigint][] = [];
  for (const e of epochs) {
    const last = runs.at(-1);
    if (last && e === last[1] + 1n) last[1] = e;
    else runs.push([e, e]);
  }
  const text = runs.slice(0, MAX_RANGES).map(([a, b]) => (a === b ? `${a}` : `${a}..${b}`));
  return runs.length > MAX_RANGES ? `${text.join(', ')}, … (${runs.length} runs of epochs in all, the last ending at ${runs.at(-1)![1]})` : text.join(', ');
}

function settingsHint(s: PotNodeSettings, appToml: string): string {
  return `the blocks were made with other [pot] settings than ${appToml} has (bls-verifier = ${JSON.stringify(s.blsVerifier)}, restore-total-supply = ${s.restoreTotalSupply}) or by another version of the chain`;
}

/**
 * Attaches each maturation to the report that saved the matured records (the latest one before it
 * under the same mature epoch) and checks that what matured is what the report credited: per
 * listed wallet, and, once every wallet of the report has matured, in total with the slashing
 * deducted.
 */
function withMaturity(recorded: readonly RecordedEpoch[], groups: readonly MaturationGroup[], maturations: readonly RecordedMaturation[]): EpochAudit[] {
  const byBucket = new Map<bigint, RecordedEpoch[]>();
  for (const r of recorded) {
    const list = byBucket.get(r.audit.matureEpoch);
    if (list) list.push(r);
    else byBucket.set(r.audit.matureEpoch, [r]);
  }
  const sourceOf = (matureEpoch: bigint, height: bigint) => (byBucket.get(matureEpoch) ?? []).filter((r) => r.audit.height <= height).at(-1);
  const totals = new Map<RecordedEpoch, { wallets: number; reward: bigint; paidOut: bigint }>();
  for (const g of groups) {
    const source = sourceOf(g.matureEpoch, g.height);
    if (!source) continue;
    const t = totals.get(source) ?? { wallets: 0, reward: 0n, paidOut: 0n };
    totals.set(source, { wallets: t.wallets + g.wallets, reward: t.reward + g.reward, paidOut: t.paidOut + g.paidOut });
  }
  const perEpoch = new Map<RecordedEpoch, Map<string, RecordedMaturation>>();
  for (const m of maturations) {
    const source = sourceOf(m.matureEpoch, m.height);
    if (!source || !source.listed.has(m.key)) continue;
    const byKey = perEpoch.get(source) ?? new Map<string, RecordedMaturation>();
    byKey.set(m.key, m);
    perEpoch.set(source, byKey);
  }
  return recorded.map((r) => {
    const byKey = perEpoch.get(r) ?? new Map<string, RecordedMaturation>();
    const failures = [...r.audit.check.failures];
    for (const m of byKey.values()) {
      const credited = r.listed.get(m.key)!;
      if (sumAmounts(m.reward) !== credited) failures.push(`wallet ${m.wallet} matured a reward of ${sumAmounts(m.reward)} at height ${m.height}, but the report credited ${credited}`);
    }
    const t = totals.get(r);
    if (t && t.wallets === r.walletCount) {
      if (t.reward !== r.credited) failures.push(`the matured records hold ${t.reward}, the report credited ${r.credited}`);
      if (t.paidOut !== r.credited) failures.push(`matured ${t.paidOut} (slashing deducted included) ≠ credited ${r.credited}`);
    }
    const wallets: WalletAudit[] = r.audit.wallets.map((w) => {
      const m = byKey.get(walletKeyOf(w.wallet));
      return m ? { ...w, maturity: { height: m.height, time: formatTimeNs(m.timeNs), matureEpoch: m.matureEpoch, matured: sumAmounts(m.matured), slashingDeducted: m.slashingDeducted } } : w;
    });
    return { ...r.audit, wallets, check: { ok: failures.length === 0, failures } };
  });
}

/** MsgWithdraw results, from the stored events of successful txs (reference §3.7). */
function readWithdrawals(store: BlockStore, profile: Parameters<typeof qualify>[0], wallet: string | undefined): WithdrawalAudit[] {
  const type = qualify(profile, 'chain.pot.v1.EventWithdraw');
  const condition = wallet !== undefined ? { key: `${type}.wallet_address`, op: '=' as const, value: JSON.stringify(wallet), operand: 'string' as const } : { key: `${type}.wallet_address`, op: 'EXISTS' as const, value: '' };
  const out: WithdrawalAudit[] = [];
  for (let page = 1; ; page++) {
    const { txs, total } = store.searchTxs([condition], { page, perPage: 100 });
    for (const tx of txs) {
      if (tx.result.code !== 0) continue;
      for (const ev of tx.result.events) {
        if (ev.type !== type) continue;
        const attr = (key: string): string => {
          const raw = ev.attributes.find((a) => a.key === key)?.value ?? '""';
          try {
            return String(JSON.parse(raw));
          } catch {
            return raw;
          }
        };
        if (wallet !== undefined && attr('wallet_address') !== wallet) continue;
        out.push({ height: tx.height, time: formatTimeNs(tx.timeNs), txHash: tx.hash, wallet: attr('wallet_address'), target: attr('target_address'), amount: attr('amount') });
      }
    }
    if (page * 100 >= total) break;
  }
  return out;
}
