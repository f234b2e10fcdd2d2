/**
 * metrics.csv and metrics.json of a run (docs/scenarios.md "Metrics"): one row per epoch, written
 * as the run goes (memory stays flat however long the run). The reward figures are the values pot's
 * distribution computed (its observer, src/modules/pot/distribute.ts), not a second computation.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { CommittedBlock } from '../../abci/chain.ts';
import { Dec } from '../../math/dec.ts';
import type { DistributionTrace } from '../../modules/pot/distribute.ts';
import { rewardInputs } from '../../modules/pot/distribute.ts';
import { tierForMinedTokens } from '../../modules/pot/params.ts';
import type { AppState } from '../../state/app-state.ts';
import { formatTimeNs } from '../../state/block-info.ts';
import type { Settlement } from '../../sds/settlement.ts';
import type { Population } from './population.ts';
import type { StorageModel } from './storage-model.ts';

/** Per-node traffic columns are written only up to this many resource nodes (metrics.json). */
export const PER_NODE_LIMIT = 100;

export const METRIC_COLUMNS = [
  'epoch', 'report_epoch', 'height', 'time', 'tier', 'total_mined', 'st', 'pt', 'lt', 'ozone_price', 'y', 'r',
  'mining_resource', 'mining_meta', 'mining_validators', 'traffic_resource', 'traffic_meta', 'traffic_validators', 'community_tax',
  'uploads', 'upload_bytes', 'uploads_refused', 'downloads', 'download_bytes', 'downloads_refused', 'ozone_charged', 'ozone_prepaid',
  'traffic_settled', 'traffic_carried', 'nodes_online', 'nodes_reported', 'files', 'failed_txs',
] as const;

export type MetricColumn = (typeof METRIC_COLUMNS)[number];

/** The columns that are a state or an identity of the epoch, not an amount or a count of it (a sweep does not sum them). */
export const STATE_COLUMNS: readonly MetricColumn[] = ['epoch', 'report_epoch', 'height', 'time', 'tier', 'total_mined', 'st', 'pt', 'lt', 'ozone_price', 'r', 'nodes_online', 'files'];
export type EpochMetrics = Record<MetricColumn, string> & { traffic_by_node?: Record<string, string> };

export class EpochRecorder {
  private row: Partial<Record<MetricColumn, string>> = {};
  private counters = { uploads: 0, upload_bytes: 0n, uploads_refused: 0, downloads: 0, download_bytes: 0n, downloads_refused: 0, ozone_charged: 0n, ozone_prepaid: 0n };
  private trace: DistributionTrace | undefined;
  private readonly csv: number;
  private readonly json: number;
  private rows = 0;
  private readonly names = new Map<string, string>();

  constructor(dir: string, private readonly pop: Population) {
    this.csv = openSync(join(dir, 'metrics.csv'), 'w');
    this.json = openSync(join(dir, 'metrics.json'), 'w');
    writeSync(this.csv, METRIC_COLUMNS.join(',') + '\n');
    writeSync(this.json, '[');
    if (pop.resourceNodes.length <= PER_NODE_LIMIT) for (const r of pop.resourceNodes) this.names.set(r.address, r.name);
  }

  begin(epoch: number, reportEpoch: bigint): void {
    this.row = { epoch: String(epoch), report_epoch: reportEpoch.toString() };
    this.counters = { uploads: 0, upload_bytes: 0n, uploads_refused: 0, downloads: 0, download_bytes: 0n, downloads_refused: 0, ozone_charged: 0n, ozone_prepaid: 0n };
    this.trace = undefined;
  }

  prepaid(noz: bigint): void {
    this.counters.ozone_prepaid += noz;
  }

  /** An upload or a download of the epoch: done (bytes, ozone charged) or refused. */
  transfer(kind: 'upload' | 'download', bytes: number, charged: bigint, refused?: string): void {
    const c = this.counters;
    if (refused) c[`${kind}s_refused`]++;
    else {
      c[`${kind}s`]++;
      c[`${kind}_bytes`] += BigInt(bytes);
      c.ozone_charged += charged;
    }
  }

  /** pot's observer: the report's distribution */
  distributed(t: DistributionTrace): void {
    this.trace = t;
  }

  /** Closes the epoch's row after its report block (`reported`: the settlement on chain, if any). */
  end(block: CommittedBlock, before: AppState, after: AppState, reported: Settlement | undefined, model: StorageModel, failedTxs: number): void {
    const t = reported ? this.trace : undefined;
    const inputs = t?.inputs ?? rewardInputs(before, []);
    const sum = (role: 'resource' | 'meta', f: 'mining' | 'traffic') => (t ? t.credits.filter((c) => c.role === role).reduce((a, c) => a + c[f], 0n) : 0n);
    const price = inputs.lt > 0n ? Dec.fromInt(inputs.st + inputs.pt).quo(Dec.fromInt(inputs.lt)).toString() : '';
    const { tier, outOfIssuance } = tierForMinedTokens(after.pot.params, t?.totalMinedBefore ?? after.pot.total_mined_tokens);
    const c = this.counters;
    const row: EpochMetrics = {
      ...(this.row as Pick<EpochMetrics, 'epoch'>),
      report_epoch: t ? t.epoch.toString() : '',
      height: block.height.toString(),
      time: formatTimeNs(block.timeNs),
      tier: outOfIssuance ? 'out' : String(after.pot.params.mining_reward_params.indexOf(tier) + 1),
      total_mined: after.pot.total_mined_tokens.toString(),
      st: inputs.st.toString(),
      pt: inputs.pt.toString(),
      lt: inputs.lt.toString(),
      ozone_price: price,
      y: t ? t.inputs.y.toString() : '0',
      r: t ? t.r.toString() : '',
      mining_resource: sum('resource', 'mining').toString(),
      mining_meta: sum('meta', 'mining').toString(),
      mining_validators: t ? t.stakeMining.toString() : '0',
      traffic_resource: sum('resource', 'traffic').toString(),
      traffic_meta: sum('meta', 'traffic').toString(),
      traffic_validators: t ? t.stakeTraffic.toString() : '0',
      community_tax: t ? t.taxInt.toString() : '0',
      uploads: String(c.uploads),
      upload_bytes: c.upload_bytes.toString(),
      uploads_refused: String(c.uploads_refused),
      downloads: String(c.downloads),
      download_bytes: c.download_bytes.toString(),
      downloads_refused: String(c.downloads_refused),
      ozone_charged: c.ozone_charged.toString(),
      ozone_prepaid: c.ozone_prepaid.toString(),
      traffic_settled: reported ? reported.reported.reduce((a, v) => a + v.volume, 0n).toString() : '0',
      traffic_carried: reported ? [...reported.carried.values()].reduce((a, v) => a + v, 0n).toString() : '',
      nodes_online: String(model.onlineCount),
      nodes_reported: reported ? String(reported.reported.length) : '0',
      files: String(model.files.length),
      failed_txs: String(failedTxs),
    };
    if (this.names.size > 0 && reported) {
      row.traffic_by_node = Object.fromEntries(reported.reported.map((v) => [this.names.get(v.wallet_address) ?? v.wallet_address, v.volume.toString()]));
    }
    writeSync(this.csv, METRIC_COLUMNS.map((k) => row[k]).join(',') + '\n');
    writeSync(this.json, (this.rows === 0 ? '\n' : ',\n') + JSON.stringify(row));
    this.rows++;
  }

  /** Ends the JSON array and closes both files (closed even when the last write fails). */
  close(): void {
    try {
      writeSync(this.json, this.rows === 0 ? ']\n' : '\n]\n');
    } finally {
      closeSync(this.csv);
      closeSync(this.json);
    }
  }
}
