/**
 * What the meta-node service does on chain, only through a node's RPC:
 * - follows the blocks and credits each `EventPrePay` to its beneficiary's ozone (the relayer's
 *   `/pp/prepaid`, reference §4.2), once per event, also across restarts;
 * - records each fully replicated upload with `MsgFileUpload` (reporter: one of the meta nodes it
 *   holds, in turn), then marks the file FINISHED; a file left CONFIRMING by a restart is recorded
 *   again at start;
 * - at the end of each epoch settles the traffic (settlement.ts, the one model of it) and submits a
 *   `MsgVolumeReport` BLS-signed by every bonded meta node it holds (at least the chain's threshold),
 *   then takes the settled volumes off the nodes' unsettled traffic.
 */
import { bls12381Sign } from '../../modules/pot/bls.ts';
import { metaNodeBlsSecretKey } from '../../modules/pot/meta-node-bls-key.ts';
import { blsThreshold } from '../../modules/pot/report-msg.ts';
import { volumeReportTxData } from '../../modules/pot/tx-data.ts';
import { qualify } from '../../naming.ts';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { FileUploadState } from '../protocol/return-codes.ts';
import { settleEpoch } from '../settlement.ts';
import { type ChainAccess, eventAttribute, isBondedStatus } from '../chain/chain-access.ts';
import { TxSender } from '../chain/tx-sender.ts';
import type { MetaNodeService } from './service.ts';
import type { FileRow } from './store.ts';

export interface HeldMetaNode {
  readonly networkAddress: string;
  readonly owner: string;
  readonly ownerPrivateKey: Uint8Array;
}

export interface EpochOutcome {
  readonly epoch: bigint;
  readonly txHash: string;
  readonly volumes: readonly { wallet_address: string; volume: bigint }[];
}

export class ChainDuties {
  private readonly senders = new Map<string, TxSender>();
  private nextReporter = 0;
  private stopped = false;
  private timers: NodeJS.Timeout[] = [];
  private following: Promise<void> | undefined;
  private closing: Promise<EpochOutcome | undefined> | undefined;
  private lastEpochHeight = 0n;
  readonly log: (line: string) => void;

  constructor(
    private readonly chain: ChainAccess,
    private readonly service: MetaNodeService,
    readonly metaNodes: readonly HeldMetaNode[],
    log?: (line: string) => void,
    gasPrice?: bigint,
  ) {
    if (metaNodes.length === 0) throw new Error('the meta-node service holds no meta node keys');
    for (const m of metaNodes) if (!this.senders.has(m.owner)) this.senders.set(m.owner, new TxSender(chain, m.owner, m.ownerPrivateKey, gasPrice));
    this.log = log ?? (() => undefined);
    service.onFileComplete = (f) => void this.recordUpload(f);
  }

  private get store() {
    return this.service.store;
  }

  /** Starts following the chain and the epoch clock; re-records uploads a restart left unconfirmed. */
  start(): void {
    for (const f of this.store.filesInState(FileUploadState.CONFIRMING)) void this.recordUpload(f);
    const s = this.service.settings;
    const follow = () => {
      if (this.stopped) return;
      this.following = this.followOnce()
        .catch((e) => this.log(`following the chain: ${(e as Error).message}`))
        .finally(() => {
          if (!this.stopped) this.timers.push(setTimeout(follow, s.followIntervalMs));
        });
    };
    follow();
    // uploads whose slices stopped coming turn FAILED (checked every tenth of the timeout)
    this.timers.push(setInterval(() => this.service.expireStaleUploads(), Math.max(1000, (s.uploadTimeoutSeconds * 1000) / 10)));
    if (s.epochBlocks === 0) {
      const t = setInterval(() => void this.closeEpoch().catch((e) => this.log(`epoch: ${(e as Error).message}`)), s.epochSeconds * 1000);
      this.timers.push(t);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    await this.following;
    await this.closing?.catch(() => undefined);
  }

  /** Credits the prepay events of the blocks not read yet (tx_search over the new heights). */
  async followOnce(): Promise<void> {
    const latest = await this.chain.latestHeight();
    const from = BigInt(this.store.getMeta('followed_height') ?? '0');
    if (latest > from) {
      const type = qualify((await this.chain.ready()).profile, 'chain.sds.v1.EventPrePay');
      const query = `${type}.beneficiary EXISTS AND tx.height > ${from} AND tx.height <= ${latest}`;
      for (let page = 1; ; page++) {
        const res = await this.chain.rpc.txSearch(query, page, 100, 'asc');
        for (const tx of res.txs) {
          if (tx.tx_result.code !== 0) continue;
          (tx.tx_result.events ?? []).forEach((e, i) => {
            if (e.type !== type) return;
            const beneficiary = eventAttribute(e, 'beneficiary');
            const noz = eventAttribute(e, 'purchased_noz');
            if (!beneficiary || !noz || !/^\d+$/.test(noz)) return;
            if (this.store.creditPrepay({ txHash: tx.hash, eventIndex: i, height: BigInt(tx.height), beneficiary, noz: BigInt(noz) }, this.service.now())) {
              this.log(`credited ${noz} noz to ${beneficiary} (prepay tx ${tx.hash})`);
            }
          });
        }
        if (page * 100 >= Number(res.total_count)) break;
      }
      this.store.setMeta('followed_height', latest.toString());
    }
    const every = BigInt(this.service.settings.epochBlocks);
    if (every > 0n) {
      if (this.lastEpochHeight === 0n) this.lastEpochHeight = BigInt(this.store.getMeta('epoch_height') ?? latest.toString());
      if (latest >= this.lastEpochHeight + every) {
        this.lastEpochHeight = latest;
        this.store.setMeta('epoch_height', latest.toString());
        await this.closeEpoch();
      }
    }
  }

  private takeReporter(): HeldMetaNode {
    const m = this.metaNodes[this.nextReporter % this.metaNodes.length]!;
    this.nextReporter++;
    return m;
  }

  /** MsgFileUpload for a replicated file; FINISHED once committed. Failures are retried later. */
  async recordUpload(f: FileRow, attempt = 0): Promise<void> {
    const reporter = this.takeReporter();
    try {
      const sent = await this.senders.get(reporter.owner)!.send([
        { typeName: 'chain.sds.v1.MsgFileUpload', value: { file_hash: f.file_hash, from: reporter.owner, reporter: reporter.networkAddress, uploader: f.owner } },
      ]);
      this.store.transaction(() => {
        this.store.setFileState(f.owner, f.file_hash, FileUploadState.FINISHED, { reporter: reporter.networkAddress, tx: sent.hash, height: Number(sent.height) });
        this.store.event(this.service.now(), 'file_upload_recorded', { wallet: f.owner, file_hash: f.file_hash, reporter: reporter.networkAddress, tx_hash: sent.hash, height: sent.height.toString() });
      });
      this.log(`MsgFileUpload ${f.file_hash} (uploader ${f.owner}) in tx ${sent.hash} at height ${sent.height}`);
    } catch (e) {
      this.log(`MsgFileUpload ${f.file_hash} failed: ${(e as Error).message}${attempt < 5 ? '; retrying' : ''}`);
      if (attempt < 5 && !this.stopped) this.timers.push(setTimeout(() => void this.recordUpload(f, attempt + 1), 2000 * (attempt + 1)));
    }
  }

  /** Closes the current epoch now (also callable from the service's operator API and tests). */
  closeEpoch(): Promise<EpochOutcome | undefined> {
    const run = (this.closing ?? Promise.resolve(undefined)).catch(() => undefined).then(() => this.closeEpochNow());
    this.closing = run;
    return run;
  }

  private async closeEpochNow(): Promise<EpochOutcome | undefined> {
    const settlement = settleEpoch(this.store.unsettled(), this.service.settings.settleBasisPoints);
    if (settlement.reported.length === 0) return undefined;
    const REGISTER = 'chain.register.v1';
    const bonded = BigInt(((await this.chain.query(REGISTER, 'BondedMetaNodeCount', {})) as { number?: bigint | string }).number ?? 0);
    const signing: HeldMetaNode[] = [];
    for (const m of this.metaNodes) {
      const r = await this.chain.queryOptional(REGISTER, 'MetaNode', { network_addr: m.networkAddress });
      const node = r?.node as { status?: unknown; suspend?: boolean; owner_address?: string } | undefined;
      if (node && isBondedStatus(node.status) && node.suspend !== true && node.owner_address === m.owner) signing.push(m);
    }
    const threshold = blsThreshold(bonded);
    if (BigInt(signing.length) < threshold || signing.length === 0) {
      this.store.event(this.service.now(), 'report_skipped', { reason: `${signing.length} bonded meta node(s) held, the chain requires ${threshold} signers`, total: settlement.total.toString() });
      this.log(`epoch not reported: ${signing.length} bonded meta node(s) held, the chain requires ${threshold} signers`);
      return undefined;
    }
    const last = BigInt(((await this.chain.query('chain.pot.v1', 'VolumeReport', { epoch: 0n })) as { report_info?: { epoch?: bigint | string } }).report_info?.epoch ?? 0);
    const stored = BigInt(this.store.getMeta('next_epoch') ?? '1');
    const epoch = last + 1n > stored ? last + 1n : stored;
    const reporter = signing[Number(epoch % BigInt(signing.length))]!;
    const wallet_volumes = settlement.reported.map((v) => ({ wallet_address: v.wallet_address, volume: v.volume.toString() }));
    const reference = `epoch-${epoch}-${bytesToHex(sha256(utf8ToBytes(JSON.stringify(wallet_volumes)))).slice(0, 16)}`;
    const body = { wallet_volumes, reporter: reporter.networkAddress, epoch: epoch.toString(), report_reference: reference, reporter_owner: reporter.owner };
    const txData = volumeReportTxData(body);
    const { pubKeys, signature } = bls12381Sign(signing.map((m) => metaNodeBlsSecretKey(m.ownerPrivateKey, m.networkAddress)), txData);
    const sent = await this.senders.get(reporter.owner)!.send(
      [{ typeName: 'chain.pot.v1.MsgVolumeReport', value: { ...body, BLS_signature: { pub_keys: pubKeys, signature, txData } } }],
      { gasLimit: 2_000_000n + 100_000n * BigInt(wallet_volumes.length) },
    );
    const now = this.service.now();
    this.store.transaction(() => {
      this.store.settle(settlement.reported);
      this.store.setMeta('next_epoch', (epoch + 1n).toString());
      this.store.putReport({
        epoch: Number(epoch), reference, reporter: reporter.networkAddress, signers: signing.length, tx_hash: sent.hash, height: Number(sent.height), time: now,
        total: settlement.total.toString(), volumes: JSON.stringify(wallet_volumes), carried: JSON.stringify(Object.fromEntries([...settlement.carried].map(([w, v]) => [w, v.toString()]))),
      });
      this.store.event(now, 'volume_reported', { epoch: epoch.toString(), reference, tx_hash: sent.hash, height: sent.height.toString(), volumes: wallet_volumes, signers: signing.length });
    });
    this.log(`epoch ${epoch}: MsgVolumeReport of ${wallet_volumes.length} wallet(s) in tx ${sent.hash} at height ${sent.height}`);
    return { epoch, txHash: sent.hash, volumes: settlement.reported };
  }
}
