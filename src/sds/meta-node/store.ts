/**
 * The meta-node service's state, in SQLite under its home (`data/meta.sqlite`, WAL): each wallet's
 * ozone balance and sequence number, the prepay events already credited (so a restart never credits
 * twice), the resource nodes of the cluster, the file and slice index with its replicas, shares,
 * each node's unsettled traffic, the epochs reported, the downloads granted in the last hour (which a
 * failed download gives back), and an append-only log of everything the service did (`events`). Amounts are decimal TEXT (bigint in memory). Every change that must be
 * all-or-nothing runs in one SQLite transaction.
 */
import type Database from 'better-sqlite3';
import { openSqlite } from '../sqlite.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS wallets (address TEXT PRIMARY KEY, ozone TEXT NOT NULL, sn TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS prepays (tx_hash TEXT NOT NULL, event_index INTEGER NOT NULL, height INTEGER NOT NULL,
  beneficiary TEXT NOT NULL, noz TEXT NOT NULL, PRIMARY KEY (tx_hash, event_index));
CREATE TABLE IF NOT EXISTS resource_nodes (network_address TEXT PRIMARY KEY, wallet TEXT NOT NULL, rpc_url TEXT NOT NULL,
  peer_url TEXT NOT NULL, registered_at INTEGER NOT NULL, last_seen INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS files (owner TEXT NOT NULL, file_hash TEXT NOT NULL, file_name TEXT NOT NULL, file_size INTEGER NOT NULL,
  create_time INTEGER NOT NULL, state INTEGER NOT NULL, replicas INTEGER NOT NULL, uploaded_by TEXT NOT NULL,
  reporter TEXT NOT NULL DEFAULT '', chain_tx TEXT NOT NULL DEFAULT '', chain_height INTEGER NOT NULL DEFAULT 0,
  charged_noz TEXT NOT NULL DEFAULT '0', PRIMARY KEY (owner, file_hash));
CREATE INDEX IF NOT EXISTS files_by_hash ON files (file_hash);
CREATE TABLE IF NOT EXISTS slices (file_hash TEXT NOT NULL, slice_number INTEGER NOT NULL, slice_hash TEXT NOT NULL,
  start INTEGER NOT NULL, end INTEGER NOT NULL, PRIMARY KEY (file_hash, slice_number));
CREATE TABLE IF NOT EXISTS replicas (slice_hash TEXT NOT NULL, network_address TEXT NOT NULL, stored_at INTEGER NOT NULL,
  PRIMARY KEY (slice_hash, network_address));
CREATE TABLE IF NOT EXISTS shares (share_id TEXT PRIMARY KEY, share_link TEXT NOT NULL UNIQUE, owner TEXT NOT NULL,
  file_hash TEXT NOT NULL, private INTEGER NOT NULL, password TEXT NOT NULL, create_time INTEGER NOT NULL,
  expire_time INTEGER NOT NULL, ipfs_cid TEXT NOT NULL, meta_info TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS traffic (wallet TEXT PRIMARY KEY, unsettled TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS traffic_log (id INTEGER PRIMARY KEY AUTOINCREMENT, time INTEGER NOT NULL, network_address TEXT NOT NULL,
  wallet TEXT NOT NULL, kind TEXT NOT NULL, file_hash TEXT NOT NULL, slice_hash TEXT NOT NULL, bytes INTEGER NOT NULL, volume TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS reports (epoch INTEGER PRIMARY KEY, reference TEXT NOT NULL, reporter TEXT NOT NULL, signers INTEGER NOT NULL,
  tx_hash TEXT NOT NULL, height INTEGER NOT NULL, time INTEGER NOT NULL, total TEXT NOT NULL, volumes TEXT NOT NULL, carried TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY AUTOINCREMENT, time INTEGER NOT NULL, type TEXT NOT NULL, attributes TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS download_grants (grant_id TEXT PRIMARY KEY, wallet TEXT NOT NULL, file_hash TEXT NOT NULL,
  file_size INTEGER NOT NULL, time INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS download_grants_by_time ON download_grants (time);
`;

export interface WalletRow {
  readonly address: string;
  readonly ozone: bigint;
  readonly sn: bigint;
}

export interface ResourceNodeRow {
  readonly network_address: string;
  readonly wallet: string;
  readonly rpc_url: string;
  readonly peer_url: string;
  readonly registered_at: number;
  readonly last_seen: number;
}

export interface FileRow {
  readonly owner: string;
  readonly file_hash: string;
  readonly file_name: string;
  readonly file_size: number;
  readonly create_time: number;
  readonly state: number;
  readonly replicas: number;
  readonly uploaded_by: string;
  readonly reporter: string;
  readonly chain_tx: string;
  readonly chain_height: number;
  /** the noz the wallet's attempts at this upload hold (decimal): the charge, less what a FAILED attempt gave back */
  readonly charged_noz: string;
}

export interface SliceRow {
  readonly file_hash: string;
  readonly slice_number: number;
  readonly slice_hash: string;
  readonly start: number;
  readonly end: number;
}

export interface ShareRow {
  readonly share_id: string;
  readonly share_link: string;
  readonly owner: string;
  readonly file_hash: string;
  readonly private: number;
  readonly password: string;
  readonly create_time: number;
  readonly expire_time: number;
  readonly ipfs_cid: string;
  readonly meta_info: string;
}

export interface ReportRow {
  readonly epoch: number;
  readonly reference: string;
  readonly reporter: string;
  readonly signers: number;
  readonly tx_hash: string;
  readonly height: number;
  readonly time: number;
  readonly total: string;
  /** JSON [{wallet_address, volume}] */
  readonly volumes: string;
  /** JSON {wallet: volume} */
  readonly carried: string;
}

/** A charged download the resource node may still report as failed (`downloadFailed`). */
export interface DownloadGrantRow {
  readonly grant_id: string;
  readonly wallet: string;
  readonly file_hash: string;
  readonly file_size: number;
  readonly time: number;
}

export interface MetaEvent {
  readonly id: number;
  readonly time: number;
  readonly type: string;
  readonly attributes: Record<string, unknown>;
}

export class MetaStore {
  readonly db: Database.Database;

  constructor(path: string) {
    this.db = openSqlite(path, SCHEMA);
    // a store written before files carried their charge: its rows hold 0
    const columns = this.db.prepare('PRAGMA table_info(files)').all() as { name: string }[];
    if (!columns.some((c) => c.name === 'charged_noz')) this.db.exec("ALTER TABLE files ADD COLUMN charged_noz TEXT NOT NULL DEFAULT '0'");
  }

  close(): void {
    this.db.close();
  }

  transaction<T>(f: () => T): T {
    return this.db.transaction(f)();
  }

  getMeta(key: string): string | undefined {
    return (this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
  }

  setMeta(key: string, value: string): void {
    this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  // ── events ──
  event(time: number, type: string, attributes: Record<string, unknown>): void {
    this.db.prepare('INSERT INTO events (time, type, attributes) VALUES (?, ?, ?)').run(time, type, JSON.stringify(attributes));
  }

  events(afterId: number, limit: number, type?: string): MetaEvent[] {
    const rows = (
      type
        ? this.db.prepare('SELECT * FROM events WHERE id > ? AND type = ? ORDER BY id LIMIT ?').all(afterId, type, limit)
        : this.db.prepare('SELECT * FROM events WHERE id > ? ORDER BY id LIMIT ?').all(afterId, limit)
    ) as { id: number; time: number; type: string; attributes: string }[];
    return rows.map((r) => ({ ...r, attributes: JSON.parse(r.attributes) as Record<string, unknown> }));
  }

  /** The reason of the owner's last FAILED upload of the file (its `upload_failed` event). */
  uploadFailure(owner: string, fileHash: string): string | undefined {
    const r = this.db
      .prepare("SELECT json_extract(attributes, '$.reason') AS reason FROM events WHERE type = 'upload_failed' AND json_extract(attributes, '$.wallet') = ? AND json_extract(attributes, '$.file_hash') = ? ORDER BY id DESC LIMIT 1")
      .get(owner, fileHash) as { reason: string | null } | undefined;
    return r?.reason ?? undefined;
  }

  // ── wallets ──
  wallet(address: string): WalletRow {
    const r = this.db.prepare('SELECT * FROM wallets WHERE address = ?').get(address) as { address: string; ozone: string; sn: string } | undefined;
    return r ? { address, ozone: BigInt(r.ozone), sn: BigInt(r.sn) } : { address, ozone: 0n, sn: 0n };
  }

  private putWallet(w: WalletRow): void {
    this.db
      .prepare('INSERT INTO wallets (address, ozone, sn) VALUES (?, ?, ?) ON CONFLICT(address) DO UPDATE SET ozone = excluded.ozone, sn = excluded.sn')
      .run(w.address, w.ozone.toString(), w.sn.toString());
  }

  /** Credits a prepay event once (keyed by tx hash and event index); false when already credited. */
  creditPrepay(p: { txHash: string; eventIndex: number; height: bigint; beneficiary: string; noz: bigint }, time: number): boolean {
    return this.transaction(() => {
      const done = this.db.prepare('SELECT 1 FROM prepays WHERE tx_hash = ? AND event_index = ?').get(p.txHash, p.eventIndex);
      if (done) return false;
      this.db
        .prepare('INSERT INTO prepays (tx_hash, event_index, height, beneficiary, noz) VALUES (?, ?, ?, ?, ?)')
        .run(p.txHash, p.eventIndex, Number(p.height), p.beneficiary, p.noz.toString());
      const w = this.wallet(p.beneficiary);
      this.putWallet({ ...w, ozone: w.ozone + p.noz });
      this.event(time, 'prepay_credited', { wallet: p.beneficiary, noz: p.noz.toString(), tx_hash: p.txHash, height: p.height.toString() });
      return true;
    });
  }

  /** Moves the wallet's SN forward and takes `charge` noz (which the caller checked is available). */
  consume(address: string, charge: bigint): WalletRow {
    const w = this.wallet(address);
    if (w.ozone < charge) throw new Error(`wallet ${address} has ${w.ozone} noz, needs ${charge}`);
    const next = { address, ozone: w.ozone - charge, sn: w.sn + 1n };
    this.putWallet(next);
    return next;
  }

  /** Gives `noz` back to the wallet (a FAILED upload's unreplicated part); the SN stays. */
  refund(address: string, noz: bigint): WalletRow {
    const w = this.wallet(address);
    const next = { ...w, ozone: w.ozone + noz };
    this.putWallet(next);
    return next;
  }

  // ── resource nodes ──
  putResourceNode(n: ResourceNodeRow): void {
    this.db
      .prepare(
        `INSERT INTO resource_nodes (network_address, wallet, rpc_url, peer_url, registered_at, last_seen) VALUES (@network_address, @wallet, @rpc_url, @peer_url, @registered_at, @last_seen)
         ON CONFLICT(network_address) DO UPDATE SET wallet = excluded.wallet, rpc_url = excluded.rpc_url, peer_url = excluded.peer_url, last_seen = excluded.last_seen`,
      )
      .run(n);
  }

  resourceNodes(): ResourceNodeRow[] {
    return this.db.prepare('SELECT * FROM resource_nodes ORDER BY registered_at, network_address').all() as ResourceNodeRow[];
  }

  resourceNode(networkAddress: string): ResourceNodeRow | undefined {
    return this.db.prepare('SELECT * FROM resource_nodes WHERE network_address = ?').get(networkAddress) as ResourceNodeRow | undefined;
  }

  // ── files ──
  file(owner: string, fileHash: string): FileRow | undefined {
    return this.db.prepare('SELECT * FROM files WHERE owner = ? AND file_hash = ?').get(owner, fileHash) as FileRow | undefined;
  }

  filesByHash(fileHash: string): FileRow[] {
    return this.db.prepare('SELECT * FROM files WHERE file_hash = ?').all(fileHash) as FileRow[];
  }

  /** The owner's stored files (not failed), ordered by file hash; one page. */
  filesOf(owner: string, offset: number, limit: number): { files: FileRow[]; total: number } {
    const total = (this.db.prepare('SELECT COUNT(*) AS n FROM files WHERE owner = ? AND state != 2').get(owner) as { n: number }).n;
    const files = this.db.prepare('SELECT * FROM files WHERE owner = ? AND state != 2 ORDER BY file_hash LIMIT ? OFFSET ?').all(owner, limit, offset) as FileRow[];
    return { files, total };
  }

  allFiles(offset: number, limit: number): FileRow[] {
    return this.db.prepare('SELECT * FROM files ORDER BY create_time, file_hash LIMIT ? OFFSET ?').all(limit, offset) as FileRow[];
  }

  putFile(f: FileRow): void {
    this.db
      .prepare(
        `INSERT INTO files (owner, file_hash, file_name, file_size, create_time, state, replicas, uploaded_by, reporter, chain_tx, chain_height, charged_noz)
         VALUES (@owner, @file_hash, @file_name, @file_size, @create_time, @state, @replicas, @uploaded_by, @reporter, @chain_tx, @chain_height, @charged_noz)
         ON CONFLICT(owner, file_hash) DO UPDATE SET file_name = excluded.file_name, file_size = excluded.file_size, create_time = excluded.create_time,
           state = excluded.state, replicas = excluded.replicas, uploaded_by = excluded.uploaded_by, reporter = excluded.reporter,
           chain_tx = excluded.chain_tx, chain_height = excluded.chain_height, charged_noz = excluded.charged_noz`,
      )
      .run(f);
  }

  setFileState(owner: string, fileHash: string, state: number, chain?: { reporter: string; tx: string; height: number }): void {
    if (chain) {
      this.db.prepare('UPDATE files SET state = ?, reporter = ?, chain_tx = ?, chain_height = ? WHERE owner = ? AND file_hash = ?').run(state, chain.reporter, chain.tx, chain.height, owner, fileHash);
    } else {
      this.db.prepare('UPDATE files SET state = ? WHERE owner = ? AND file_hash = ?').run(state, owner, fileHash);
    }
  }

  setFileCharged(owner: string, fileHash: string, noz: bigint): void {
    this.db.prepare('UPDATE files SET charged_noz = ? WHERE owner = ? AND file_hash = ?').run(noz.toString(), owner, fileHash);
  }

  deleteFile(owner: string, fileHash: string): void {
    this.db.prepare('DELETE FROM files WHERE owner = ? AND file_hash = ?').run(owner, fileHash);
    this.db.prepare('DELETE FROM shares WHERE owner = ? AND file_hash = ?').run(owner, fileHash);
  }

  filesInState(state: number): FileRow[] {
    return this.db.prepare('SELECT * FROM files WHERE state = ? ORDER BY create_time').all(state) as FileRow[];
  }

  // ── slices and replicas ──
  putSlices(slices: readonly SliceRow[]): void {
    const st = this.db.prepare('INSERT OR REPLACE INTO slices (file_hash, slice_number, slice_hash, start, end) VALUES (@file_hash, @slice_number, @slice_hash, @start, @end)');
    for (const s of slices) st.run(s);
  }

  slices(fileHash: string): SliceRow[] {
    return this.db.prepare('SELECT * FROM slices WHERE file_hash = ? ORDER BY slice_number').all(fileHash) as SliceRow[];
  }

  addReplica(sliceHash: string, networkAddress: string, time: number): boolean {
    return this.db.prepare('INSERT OR IGNORE INTO replicas (slice_hash, network_address, stored_at) VALUES (?, ?, ?)').run(sliceHash, networkAddress, time).changes > 0;
  }

  /** When a slice of the file was last stored (unix seconds), if any was. */
  lastReplicaTime(fileHash: string): number | undefined {
    const row = this.db.prepare('SELECT MAX(r.stored_at) AS t FROM replicas r JOIN slices s ON s.slice_hash = r.slice_hash WHERE s.file_hash = ?').get(fileHash) as { t: number | null };
    return row.t ?? undefined;
  }

  replicas(sliceHash: string): string[] {
    return (this.db.prepare('SELECT network_address FROM replicas WHERE slice_hash = ? ORDER BY stored_at, network_address').all(sliceHash) as { network_address: string }[]).map((r) => r.network_address);
  }

  removeReplicas(sliceHash: string): void {
    this.db.prepare('DELETE FROM replicas WHERE slice_hash = ?').run(sliceHash);
  }

  deleteSlices(fileHash: string): void {
    this.db.prepare('DELETE FROM slices WHERE file_hash = ?').run(fileHash);
  }

  // ── shares ──
  putShare(s: ShareRow): void {
    this.db
      .prepare(
        `INSERT INTO shares (share_id, share_link, owner, file_hash, private, password, create_time, expire_time, ipfs_cid, meta_info)
         VALUES (@share_id, @share_link, @owner, @file_hash, @private, @password, @create_time, @expire_time, @ipfs_cid, @meta_info)`,
      )
      .run(s);
  }

  share(shareId: string): ShareRow | undefined {
    return this.db.prepare('SELECT * FROM shares WHERE share_id = ?').get(shareId) as ShareRow | undefined;
  }

  sharesOf(owner: string, offset: number, limit: number): { shares: ShareRow[]; total: number } {
    const total = (this.db.prepare('SELECT COUNT(*) AS n FROM shares WHERE owner = ?').get(owner) as { n: number }).n;
    const shares = this.db.prepare('SELECT * FROM shares WHERE owner = ? ORDER BY create_time, share_id LIMIT ? OFFSET ?').all(owner, limit, offset) as ShareRow[];
    return { shares, total };
  }

  deleteShare(shareId: string): boolean {
    return this.db.prepare('DELETE FROM shares WHERE share_id = ?').run(shareId).changes > 0;
  }

  deleteExpiredShares(owner: string, now: number): number {
    return this.db.prepare('DELETE FROM shares WHERE owner = ? AND expire_time != 0 AND expire_time <= ?').run(owner, now).changes;
  }

  // ── download grants ──
  /** Records a grant, and forgets those made before `expiredBefore`. */
  putDownloadGrant(g: DownloadGrantRow, expiredBefore: number): void {
    this.db.prepare('DELETE FROM download_grants WHERE time < ?').run(expiredBefore);
    this.db.prepare('INSERT INTO download_grants (grant_id, wallet, file_hash, file_size, time) VALUES (@grant_id, @wallet, @file_hash, @file_size, @time)').run(g);
  }

  /** Takes a grant made at or after `notBefore` (once: it is deleted). */
  takeDownloadGrant(grantId: string, notBefore: number): DownloadGrantRow | undefined {
    const g = this.db.prepare('SELECT * FROM download_grants WHERE grant_id = ?').get(grantId) as DownloadGrantRow | undefined;
    if (g === undefined) return undefined;
    this.db.prepare('DELETE FROM download_grants WHERE grant_id = ?').run(grantId);
    return g.time >= notBefore ? g : undefined;
  }

  // ── traffic ──
  addTraffic(t: { time: number; networkAddress: string; wallet: string; kind: 'upload' | 'download'; fileHash: string; sliceHash: string; bytes: number; volume: bigint }): void {
    this.db
      .prepare('INSERT INTO traffic_log (time, network_address, wallet, kind, file_hash, slice_hash, bytes, volume) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(t.time, t.networkAddress, t.wallet, t.kind, t.fileHash, t.sliceHash, t.bytes, t.volume.toString());
    const row = this.db.prepare('SELECT unsettled FROM traffic WHERE wallet = ?').get(t.wallet) as { unsettled: string } | undefined;
    const cur = row ? BigInt(row.unsettled) : 0n;
    this.db
      .prepare('INSERT INTO traffic (wallet, unsettled) VALUES (?, ?) ON CONFLICT(wallet) DO UPDATE SET unsettled = excluded.unsettled')
      .run(t.wallet, (cur + t.volume).toString());
  }

  unsettled(): Map<string, bigint> {
    const rows = this.db.prepare('SELECT wallet, unsettled FROM traffic ORDER BY wallet').all() as { wallet: string; unsettled: string }[];
    return new Map(rows.map((r) => [r.wallet, BigInt(r.unsettled)]));
  }

  /** Takes the settled volumes off the wallets' unsettled traffic. */
  settle(volumes: readonly { wallet_address: string; volume: bigint }[]): void {
    const cur = this.unsettled();
    const st = this.db.prepare('UPDATE traffic SET unsettled = ? WHERE wallet = ?');
    for (const v of volumes) st.run(((cur.get(v.wallet_address) ?? 0n) - v.volume).toString(), v.wallet_address);
  }

  trafficLog(afterId: number, limit: number): unknown[] {
    return this.db.prepare('SELECT * FROM traffic_log WHERE id > ? ORDER BY id LIMIT ?').all(afterId, limit);
  }

  // ── reports ──
  putReport(r: ReportRow): void {
    this.db
      .prepare(
        `INSERT INTO reports (epoch, reference, reporter, signers, tx_hash, height, time, total, volumes, carried)
         VALUES (@epoch, @reference, @reporter, @signers, @tx_hash, @height, @time, @total, @volumes, @carried)`,
      )
      .run(r);
  }

  reports(): ReportRow[] {
    return this.db.prepare('SELECT * FROM reports ORDER BY epoch').all() as ReportRow[];
  }

  report(epoch: number): ReportRow | undefined {
    return this.db.prepare('SELECT * FROM reports WHERE epoch = ?').get(epoch) as ReportRow | undefined;
  }
}
