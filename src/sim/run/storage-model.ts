/**
 * What the meta nodes know between blocks in a run: each user's ozone, the files and where their
 * replicas are, the resource nodes online, and each node's unsettled traffic. The charges, the
 * placement and the traffic credited are those of the live meta-node service (src/sds/sp-rules.ts),
 * the epoch's settlement is `settleEpoch` (src/sds/settlement.ts): this file keeps the books only.
 */
import { downloadCost, placeReplicas, replicaCount, trafficVolume, uploadCost } from '../../sds/sp-rules.ts';
import { settleEpoch, type Settlement } from '../../sds/settlement.ts';
import type { Settlement as SettlementSettings } from '../scenario/types.ts';

export interface OnlineNode {
  readonly networkAddress: string;
  /** the node's owner wallet: traffic is reported per wallet */
  readonly wallet: string;
}

export interface StoredFile {
  readonly owner: string;
  readonly size: number;
  readonly fileHash: string;
  readonly holders: readonly string[];
}

export type UploadOutcome = { readonly ok: true; readonly file: StoredFile; readonly charged: bigint } | { readonly ok: false; readonly reason: 'no_node' | 'no_ozone' };
export type DownloadOutcome = { readonly ok: true; readonly servedBy: string; readonly charged: bigint } | { readonly ok: false; readonly reason: 'no_holder' | 'no_ozone' };

export class StorageModel {
  private readonly ozone = new Map<string, bigint>();
  private readonly load = new Map<string, number>();
  private readonly online = new Map<string, OnlineNode>();
  private unsettled = new Map<string, bigint>();
  readonly files: StoredFile[] = [];
  private readonly rules: { replicas: number; nozPerByte: bigint; trafficNozPerByte: bigint };

  constructor(readonly settings: SettlementSettings) {
    this.rules = { replicas: settings.replicas, nozPerByte: settings.nozPerByte, trafficNozPerByte: settings.trafficNozPerByte };
  }

  /** An `EventPrePay` seen on chain: the beneficiary's ozone grows by the purchased noz. */
  creditPrepay(wallet: string, noz: bigint): void {
    this.ozone.set(wallet, (this.ozone.get(wallet) ?? 0n) + noz);
  }

  ozoneOf(wallet: string): bigint {
    return this.ozone.get(wallet) ?? 0n;
  }

  setOnline(node: OnlineNode, online: boolean): void {
    if (online) this.online.set(node.networkAddress, node);
    else this.online.delete(node.networkAddress);
  }

  get onlineCount(): number {
    return this.online.size;
  }

  onlineNodes(): OnlineNode[] {
    return [...this.online.values()];
  }

  private credit(wallet: string, bytes: number): void {
    this.unsettled.set(wallet, (this.unsettled.get(wallet) ?? 0n) + trafficVolume(this.rules, bytes));
  }

  /** An upload through `via` (the user's resource node, first replica), charged to `owner`. */
  upload(owner: string, size: number, fileHash: string, via: OnlineNode | undefined): UploadOutcome {
    const online = this.onlineNodes();
    if (online.length === 0) return { ok: false, reason: 'no_node' };
    const replicas = replicaCount(this.rules, online.length);
    const cost = uploadCost(this.rules, size, replicas);
    const have = this.ozoneOf(owner);
    if (have < cost) return { ok: false, reason: 'no_ozone' };
    this.ozone.set(owner, have - cost);
    const placement = placeReplicas(via, online, (a) => this.load.get(a) ?? 0, replicas);
    for (const p of placement) {
      this.load.set(p.networkAddress, (this.load.get(p.networkAddress) ?? 0) + 1);
      this.credit(p.wallet, size);
    }
    const file: StoredFile = { owner, size, fileHash, holders: placement.map((p) => p.networkAddress) };
    this.files.push(file);
    return { ok: true, file, charged: cost };
  }

  /** A download of `file` by `wallet`, served by one of the online holders (`pick` chooses among them). */
  download(wallet: string, file: StoredFile, pick: (holders: readonly OnlineNode[]) => OnlineNode): DownloadOutcome {
    const holders = file.holders.flatMap((a) => this.online.get(a) ?? []);
    if (holders.length === 0) return { ok: false, reason: 'no_holder' };
    const cost = downloadCost(this.rules, file.size);
    const have = this.ozoneOf(wallet);
    if (have < cost) return { ok: false, reason: 'no_ozone' };
    this.ozone.set(wallet, have - cost);
    const node = pick(holders);
    this.credit(node.wallet, file.size);
    return { ok: true, servedBy: node.networkAddress, charged: cost };
  }

  /** The epoch's settlement; what is not reported carries over. Call `settled` once the report is on chain. */
  settle(): Settlement {
    return settleEpoch(this.unsettled, this.settings.settleBasisPoints);
  }

  /** Takes a committed report's volumes off the books. */
  settled(s: Settlement): void {
    this.unsettled = new Map(s.carried);
  }
}
