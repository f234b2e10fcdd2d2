/**
 * The in-process model of `sdsim check --node` (docs/check.md "Against a running node"): this
 * project's App, started from the node's own genesis (`genesis_chunked`) and fed, block by block,
 * the FinalizeBlock inputs the node's RPC shows — the txs, the header (time, proposer, the
 * proto-JSON header staking keeps), the last commit's votes (`block.last_commit` against
 * `validators` of the height before) and the evidence ages of the consensus params. After each
 * block the model's results are compared with the node's `block_results` (codes, data, gas,
 * events, validator updates) and its app hash with the next header's (or `abci_info`'s).
 *
 * What the RPC does not show cannot be fed: a block's misbehavior (this node's RPC prints
 * `evidence` empty), so a block that slashed for double-signing diverges here by design.
 */
import { appModules } from '../../../abci/modules.ts';
import { App } from '../../../abci/app.ts';
import type { MinGasPrices } from '../../../abci/ante.ts';
import type { TxResult } from '../../../abci/tx-result.ts';
import { deliverTxJson, blockEventJson } from '../../../api/rpc/abci-json.ts';
import { RpcClient, type TxResultJson } from '../../../client/rpc-client.ts';
import { txHash } from '../../../codec/tx.ts';
import { createCodec } from '../../../codec/registry.ts';
import { profileOfAppState } from '../../../naming.ts';
import { protoJsonHeader } from '../../../consensus/block-meta.ts';
import type { HeaderJson } from '../../../consensus/types.ts';
import type { AbciEvent } from '../../../events/event.ts';
import { parseGenesisDoc, type GenesisDoc } from '../../../state/genesis.ts';
import { parseTimeNs, type VoteInfo } from '../../../state/block-info.ts';
import { hexText } from '../../../consensus/proto-forms.ts';
import { Divergence, compareJson } from './divergence.ts';

/** CometBFT 0.37 `block` as the RPC prints it (the fields the model reads). */
interface RpcBlock {
  readonly block: {
    readonly header: Omit<HeaderJson, 'version'> & { readonly version: { readonly block: string; readonly app?: string } };
    readonly data: { readonly txs: readonly string[] | null };
    readonly last_commit: { readonly height: string; readonly signatures: readonly { readonly block_id_flag: number; readonly validator_address: string }[] } | null;
  };
}

interface RpcBlockResults {
  readonly txs_results: readonly TxResultJson[] | null;
  readonly begin_block_events: readonly unknown[] | null;
  readonly end_block_events: readonly unknown[] | null;
  readonly validator_updates: readonly { readonly pub_key: unknown; readonly power: string }[] | null;
}

/** A tx the model saw committed: where, and its result as the node reported it. */
export interface CommittedTx {
  readonly height: bigint;
  readonly index: number;
  readonly result: TxResultJson;
}

export interface FollowerOptions {
  /** the node's `minimum-gas-prices` (the model's CheckTx refuses lower fees as the node's does) */
  readonly minGasPrices: MinGasPrices;
  /** compare app hashes (off for another implementation, whose state layout hashes differently) */
  readonly appHashes: boolean;
}

/** The App following a node over its consensus RPC. */
export class NodeFollower {
  /** the watched txs (`watch`) seen committed, by uppercase hex hash */
  readonly committed = new Map<string, CommittedTx>();
  private readonly watched = new Set<string>();
  private appHashOf = new Map<bigint, string>();

  private constructor(
    readonly rpc: RpcClient,
    readonly app: App,
    readonly genesis: GenesisDoc,
    private readonly opts: FollowerOptions,
  ) {}

  /** The node's genesis through `genesis_chunked`, run through InitChain in a fresh App. */
  static async open(rpc: RpcClient, opts: FollowerOptions): Promise<NodeFollower> {
    const chunks: Buffer[] = [];
    for (let i = 0, total = 1; i < total; i++) {
      const r = await rpc.call<{ chunk: string; total: string; data: string }>('genesis_chunked', { chunk: String(i) });
      total = Number(r.total);
      chunks.push(Buffer.from(r.data, 'base64'));
    }
    const genesis = parseGenesisDoc(Buffer.concat(chunks).toString('utf8'));
    // the chain's own words (genesis app_state.naming): type URLs, events, query paths
    const app = new App({ ...appModules, codec: createCodec(profileOfAppState(genesis.app_state)), minGasPrices: opts.minGasPrices, keepRecent: 2, freezeState: false });
    app.initChain(genesis);
    const follower = new NodeFollower(rpc, app, genesis, opts);
    // a node without blocks yet answers abci_info with InitChain's app hash
    follower.appHashOf.set(app.height, hexText(app.info().lastBlockAppHash));
    return follower;
  }

  get height(): bigint {
    return this.app.height;
  }

  /** Records where these txs (uppercase hex hashes) land, once blocks holding them are run (`committed`). */
  watch(hashes: readonly string[]): void {
    for (const h of hashes) this.watched.add(h);
  }

  /** The node's latest height (`abci_info`, served from memory). */
  async nodeHeight(): Promise<{ height: bigint; appHash: string }> {
    const { response } = await this.rpc.call<{ response: { last_block_height?: string; last_block_app_hash?: string } }>('abci_info');
    return { height: BigInt(response.last_block_height ?? '0'), appHash: Buffer.from(response.last_block_app_hash ?? '', 'base64').toString('hex').toUpperCase() };
  }

  /**
   * Runs the node's blocks up to `target` through the model, comparing each; returns the first
   * divergence (the model stays at the block before it), or undefined.
   */
  async syncTo(target: bigint): Promise<Divergence | undefined> {
    while (this.app.height < target) {
      const h = this.app.height + 1n;
      const d = await this.applyBlock(h);
      if (d) return d;
    }
    if (this.opts.appHashes) {
      // the app hash of the latest block is in no header yet: abci_info has it
      const info = await this.nodeHeight();
      if (info.height === this.app.height) {
        const mine = this.appHashOf.get(info.height)!;
        if (mine !== info.appHash) return new Divergence(info.height, `the app hash after block ${info.height} (abci_info)`, info.appHash, mine);
      }
    }
    return undefined;
  }

  private async applyBlock(h: bigint): Promise<Divergence | undefined> {
    const { block } = await this.rpc.call<RpcBlock>('block', { height: h.toString() });
    const header = block.header;
    if (this.opts.appHashes && h > 1n) {
      const mine = this.appHashOf.get(h - 1n);
      if (mine !== undefined && mine !== header.app_hash) return new Divergence(h - 1n, `the app hash after block ${h - 1n} (header of block ${h})`, header.app_hash, mine);
    }
    const txs = (block.data.txs ?? []).map((t) => new Uint8Array(Buffer.from(t, 'base64')));
    const lastCommit = h > BigInt(this.genesis.initial_height) ? await this.votes(h - 1n, block.last_commit?.signatures ?? []) : [];
    const evidence = this.genesis.consensus_params.evidence;
    const res = this.app.finalizeBlock({
      height: h,
      timeNs: parseTimeNs(header.time),
      proposer: header.proposer_address,
      txs,
      lastCommit,
      misbehavior: [],
      header: protoJsonHeader({ ...header, version: { block: header.version.block, app: header.version.app ?? '0' } }),
      evidenceParams: { maxAgeNumBlocks: BigInt(evidence.max_age_num_blocks), maxAgeDurationNs: BigInt(evidence.max_age_duration) },
    });
    const results = await this.rpc.call<RpcBlockResults>('block_results', { height: h.toString() });
    const divergence = compareBlock(h, txs, res, results);
    if (divergence) {
      this.app.abandonPending();
      return divergence;
    }
    const { appHash } = this.app.commit();
    this.appHashOf.set(h, hexText(appHash));
    this.appHashOf.delete(h - 2n);
    txs.forEach((tx, index) => {
      const hash = txHash(tx);
      if (!this.watched.delete(hash)) return;
      this.committed.set(hash, { height: h, index, result: results.txs_results![index]! });
    });
    return undefined;
  }

  /** The last commit's votes: the set of `height` in its order, each signed when its flag is COMMIT. */
  private async votes(height: bigint, signatures: readonly { readonly block_id_flag: number }[]): Promise<VoteInfo[]> {
    const set: { address: string; voting_power: string }[] = [];
    for (let page = 1; ; page++) {
      const r = await this.rpc.validators(height, page, 100);
      set.push(...r.validators);
      if (set.length >= Number(r.total)) break;
    }
    return set.map((v, i) => ({ address: v.address, power: BigInt(v.voting_power), signed: signatures[i]?.block_id_flag === 2 }));
  }
}

/** A result as compared: the RPC's JSON less `log` and `info` (free text of each implementation) and the events' index flags. */
function comparableResult(j: TxResultJson): unknown {
  return { code: j.code, codespace: j.codespace, data: j.data ?? null, gas_wanted: j.gas_wanted, gas_used: j.gas_used, events: comparableEvents(j.events ?? []) };
}

function comparableEvents(events: readonly unknown[]): unknown[] {
  return events.map((e) => {
    const ev = e as { type?: string; attributes?: readonly { key: string; value: string }[] };
    return { type: ev.type ?? '', attributes: (ev.attributes ?? []).map((a) => ({ key: a.key, value: a.value })) };
  });
}

function modelResults(results: readonly TxResult[]): unknown[] {
  return results.map((r) => comparableResult(deliverTxJson(r) as unknown as TxResultJson));
}

function blockEvents(events: readonly AbciEvent[]): unknown[] {
  return comparableEvents(events.map(blockEventJson));
}

/** The first difference between the node's block results and the model's, or undefined. */
function compareBlock(
  h: bigint,
  txs: readonly Uint8Array[],
  model: { readonly txResults: readonly TxResult[]; readonly beginBlockEvents: readonly AbciEvent[]; readonly endBlockEvents: readonly AbciEvent[]; readonly validatorUpdates: readonly { pubKey: string; power: bigint }[] },
  node: RpcBlockResults,
): Divergence | undefined {
  const mine = modelResults(model.txResults);
  const theirs = (node.txs_results ?? []).map(comparableResult);
  if (theirs.length !== txs.length) return new Divergence(h, `the number of tx results of block ${h}`, theirs.length, txs.length);
  for (let i = 0; i < txs.length; i++) {
    const d = compareJson(theirs[i], mine[i]);
    if (d) {
      const hash = txHash(txs[i]!);
      return new Divergence(h, `tx ${i} of block ${h} (${hash}): ${d.path}`, d.node, d.model, { node: theirs[i], model: mine[i] }, hash);
    }
  }
  for (const [what, n, m] of [
    ['begin-block events', comparableEvents(node.begin_block_events ?? []), blockEvents(model.beginBlockEvents)],
    ['end-block events', comparableEvents(node.end_block_events ?? []), blockEvents(model.endBlockEvents)],
  ] as const) {
    const d = compareJson(n, m);
    if (d) return new Divergence(h, `the ${what} of block ${h}: ${d.path}`, d.node, d.model);
  }
  const updates = (node.validator_updates ?? []).map((u) => ({ pub_key: (u.pub_key as { Sum?: { value?: { ed25519?: string } } }).Sum?.value?.ed25519 ?? u.pub_key, power: u.power }));
  const d = compareJson(updates, model.validatorUpdates.map((u) => ({ pub_key: u.pubKey, power: u.power.toString() })));
  if (d) return new Divergence(h, `the validator updates of block ${h}: ${d.path}`, d.node, d.model);
  return undefined;
}
