/**
 * `sdsim run`: a scenario run in process, in virtual time, through the real App and modules into a
 * chain home (docs/scenarios.md "How a run goes"). Each epoch makes three blocks, each tx a real
 * signed tx:
 *
 * 1. at epoch start + one block interval: the epoch's chain business — the foundation's deposit and
 *    the users' first prepays (epoch 0), resource nodes joining and leaving, the scripted events due,
 *    prepay waves. The meta nodes then credit the block's `EventPrePay` events as ozone;
 * 2. at + two intervals: the users' uploads and downloads of the epoch (off chain, charged and placed
 *    by the meta nodes' rules, src/sds/sp-rules.ts) are recorded: `MsgUpdateEffectiveDeposit` for
 *    the nodes that joined, `MsgFileUpload` for every upload;
 * 3. at epoch end − one interval: the meta nodes settle the epoch's traffic (src/sds/settlement.ts)
 *    and send a `MsgVolumeReport` signed by every bonded meta node (BLS: trusted or full).
 *
 * No other block is made (CometBFT's `create_empty_blocks = false`), so a year of 10-minute epochs
 * is 157,680 blocks — but one: scripted events (and resource nodes joining or leaving) due after the
 * last epoch's open block take effect in a closing open block at the end of the run + one interval.
 * Randomness comes only from the scenario's seed (src/sim/random).
 *
 * A run that fails (the chain refuses its genesis, a proposal is not carried out, the chain halts,
 * an invariant breaks, any error) removes what it wrote: the output folder is left as it was before
 * (absent, or empty), so that no folder looks like a finished run.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { appModules } from '../../abci/modules.ts';
import { Chain, type CommittedBlock } from '../../abci/chain.ts';
import { signTx, type TxMessage } from '../../client/sign-tx.ts';
import { codec as neutralCodec } from '../../codec/index.ts';
import type { Codec } from '../../codec/registry.ts';
import { cometBlockMeta } from '../../consensus/block-meta.ts';
import { getAccount } from '../../modules/auth/state.ts';
import { bls12381Sign } from '../../modules/pot/bls.ts';
import { blsPublicKey, metaNodeBlsSecretKey } from '../../modules/pot/meta-node-bls-key.ts';
import { DEFAULT_POT_NODE_SETTINGS } from '../../modules/pot/node-settings.ts';
import { applyPotNodeSettings } from '../../modules/pot/apply-node-settings.ts';
import { volumeReportTxData } from '../../modules/pot/tx-data.ts';
import { getResourceNode } from '../../modules/register/state.ts';
import { genesisDocOf } from '../../node/genesis-file.ts';
import { chainDbPath } from '../../node/home.ts';
import { OperatorControl } from '../../node/consensus-control.ts';
import { sdsFileHash } from '../../sds/protocol/file-hash.ts';
import type { AppState } from '../../state/app-state.ts';
import { parseTimeNs } from '../../state/block-info.ts';
import { Rng } from '../random/prng.ts';
import type { Scenario, ScenarioEvent } from '../scenario/types.ts';
import { drawAmount, drawNumber, drawWhole, roundStochastic } from './draw.ts';
import { claimOutFolder, simGenesis, writeSimHome } from './home.ts';
import { EpochRecorder } from './metrics.ts';
import { setDistributionObserver } from '../../modules/pot/distribute.ts';
import { buildPopulation, type Account, type NodeActor, type Population, type ResourceActor } from './population.ts';
import { StorageModel, type OnlineNode } from './storage-model.ts';
import { Popularity } from './popularity.ts';
import { proposalMessages } from './proposal.ts';
import { slashingNozFor } from './slashing.ts';
import { InvariantError, RunError, ScenarioEventError } from './errors.ts';
import { invariantViolations } from '../check/invariants.ts';
import { createDraft } from 'immer';
import { infiniteGasMeter } from '../../abci/gas.ts';
import { msgSpecsOf, type MsgSpec } from '../../state/module.ts';
import { decodeMessageRecord, routeOf, runInCache, type MsgRouter } from '../../modules/gov/router.ts';
import { proposalKey, type ProposalRecord } from '../../modules/gov/state.ts';
import { formatTimeNs } from '../../state/block-info.ts';
import type { GenesisJson } from '../../node/genesis-file.ts';
import { ScenarioError } from '../scenario/parse.ts';
import { genesisRefusal, overridesInTurn } from '../scenario/chain.ts';

export { InvariantError, RunError, ScenarioEventError };

export interface RunOptions {
  /** the output folder (a chain home; must be absent or empty; left as it was when the run fails) */
  readonly out: string;
  /** replaces the scenario's seed */
  readonly seed?: number;
  /** runs only the first N epochs (a reduced run of a long scenario; at most the scenario's epochs) */
  readonly epochs?: number;
  /** replaces the scenario's BLS mode */
  readonly bls?: 'trusted' | 'full';
  /** a state snapshot every N blocks in the home (0: only genesis; `chaind start` then replays the whole run) */
  readonly snapshotInterval?: number;
  /** persist blocks on a writer thread, overlapping the next block (default); false: on this thread (sweeps run one process per core) */
  readonly writeBehind?: boolean;
  /** check the invariants of src/sim/check/invariants.ts after every block; the first violation stops the run (InvariantError) */
  readonly check?: boolean;
  /** called after each epoch */
  readonly onEpoch?: (done: number, total: number) => void;
  readonly log?: (line: string) => void;
}

export interface RunResult {
  readonly home: string;
  readonly chainId: string;
  readonly height: bigint;
  /** hex app hash of the last block */
  readonly appHash: string;
  readonly epochs: number;
  readonly reports: number;
  readonly txs: number;
  readonly failedTxs: number;
  readonly bls: 'trusted' | 'full';
  /** the txs that failed (the first 1000) */
  readonly failures: readonly FailedTx[];
  /** milliseconds spent: the population, genesis and home (setup), signing txs, committing each kind of block, the off-chain activity */
  readonly timing: Readonly<Record<'setup' | 'sign' | 'open' | 'record' | 'report' | 'activity', number>>;
}

const NS = 1_000_000_000n;
/** the fee of every tx: its gas limit × 1 gwei (the default minimum gas price of a node) */
const GAS_PRICE = 1_000_000_000n;
/** failures kept in the result (all are counted) */
const FAILURES_KEPT = 1000;
/** `MsgFileUpload`s per tx */
const UPLOADS_PER_TX = 200;

/** A tx a run failed to get through (kept in the result and the log; the run goes on, as the network would). */
export interface FailedTx {
  readonly height: bigint;
  readonly what: string;
  readonly code: number;
  readonly log: string;
}

interface PendingTx {
  readonly signer: Account;
  readonly msgs: readonly TxMessage[];
  readonly gas: bigint;
  readonly what: string;
  /** called with the tx's result code once its block is committed */
  readonly committed?: (code: number) => void;
}

/** The epochs of a scenario's run (clock.duration is a whole number of epochs, src/sim/scenario/parse.ts). */
export function scenarioEpochs(s: Scenario): number {
  return Math.ceil(s.clock.durationSeconds / s.clock.epochSeconds);
}

export async function runScenario(scenario: Scenario, o: RunOptions): Promise<RunResult> {
  const whole = scenarioEpochs(scenario);
  if (o.epochs !== undefined && o.epochs > whole) throw new RunError(`--epochs ${o.epochs} is more than the scenario's ${whole} epoch${whole === 1 ? '' : 's'}`);
  const out = claimOutFolder(o.out);
  try {
    return await runInto(scenario, o);
  } catch (e) {
    out.discard();
    throw e;
  }
}

async function runInto(scenario: Scenario, o: RunOptions): Promise<RunResult> {
  const setupStarted = performance.now();
  const s: Scenario = { ...scenario, seed: o.seed ?? scenario.seed, bls: o.bls ?? scenario.bls };
  const log = o.log ?? (() => undefined);
  const pop = buildPopulation(s);
  const waves = planWaves(s, pop);
  const extra = new Map<string, bigint>();
  for (const list of waves.values()) for (const w of list) extra.set(w.user.address, (extra.get(w.user.address) ?? 0n) + w.amount);
  let genesisJson: GenesisJson;
  try {
    genesisJson = await simGenesis(s, pop, extra);
  } catch (e) {
    // an amount that fits alone, past 2^256 − 1 with what the run adds to it (fee reserves, waves, the supply)
    const pos = s.positions.population ?? { line: 1, col: 1 };
    throw new ScenarioError(s.file, pos.line, pos.col, 'population', `the run's genesis cannot be built from it: ${(e as Error).message}`);
  }
  const layout = writeSimHome(o.out, s, pop, genesisJson);
  const genesis = genesisDocOf(genesisJson, layout.genesisFile);
  const restorePot = applyPotNodeSettings({ ...DEFAULT_POT_NODE_SETTINGS, blsVerifier: s.bls === 'trusted' ? 'accept-any' : 'bls12-381' });
  const control = new OperatorControl();
  let chain: Chain;
  try {
    chain = Chain.open({
      ...appModules,
      dbPath: chainDbPath(layout),
      genesis,
      keepRecent: 1,
      snapshotInterval: o.snapshotInterval ?? 0,
      writeBehind: o.writeBehind ?? true,
      blockMeta: cometBlockMeta({ privValidatorKeys: pop.validators.map((v) => v.consensus), genesisValidators: [], consensusParams: genesis.consensus_params, control }),
    });
  } catch (e) {
    restorePot();
    // the scenario's genesis with the population, which the parser could not check: name the override
    throw (await genesisRefused(s, pop, extra, genesisJson)) ?? e;
  }
  let recorder: EpochRecorder | undefined;
  let previousObserver: ReturnType<typeof setDistributionObserver> | undefined;
  try {
    const r = (recorder = new EpochRecorder(layout.home, pop));
    previousObserver = setDistributionObserver({ distributed: (t) => r.distributed(t) });
    const run = new Run(s, pop, chain, control, waves, r, log, o.check ?? false);
    run.timing.setup = performance.now() - setupStarted;
    const result = await run.all(o.epochs ?? scenarioEpochs(s), o.onEpoch);
    return { home: layout.home, chainId: genesis.chain_id, bls: s.bls, ...result };
  } finally {
    // each close runs whatever the one before it threw (a full disk failing the metrics' last
    // write must not leave the chain's writer thread, and the process, alive)
    try {
      if (recorder) {
        setDistributionObserver(previousObserver);
        recorder.close();
      }
    } finally {
      try {
        chain.close();
      } finally {
        restorePot();
      }
    }
  }
}

/**
 * When the chain refuses the run's genesis (the scenario's overrides with the population's
 * accounts, deposits and gentxs): the error naming the first override, in file order, whose
 * addition makes it refuse, or `population` when the chain refuses it without any; undefined when
 * the genesis is not what failed.
 */
async function genesisRefused(s: Scenario, pop: Population, extra: ReadonlyMap<string, bigint>, genesisJson: GenesisJson): Promise<Error | undefined> {
  const refusal = genesisRefusal(genesisJson);
  if (refusal === undefined) return undefined;
  const refusedWith = async (genesis: Record<string, unknown>) => genesisRefusal(await simGenesis({ ...s, genesis }, pop, extra));
  const at = (path: string, problem: string) => {
    const pos = s.positions[path] ?? { line: 1, col: 1 };
    return new ScenarioError(s.file, pos.line, pos.col, path, problem);
  };
  const none = await refusedWith({});
  if (none !== undefined) return at('population', `the chain refuses the run's genesis: ${none}`);
  // the overrides of genesis, in file order: their positions' paths
  const overrides = Object.keys(s.positions)
    .filter((path) => path.startsWith('genesis.'))
    .map((path) => ({ path, keys: path.slice('genesis.'.length).split('.') }));
  for (const { override, merged } of overridesInTurn({}, s.genesis, overrides)) {
    const problem = await refusedWith(merged as Record<string, unknown>);
    if (problem !== undefined) return at(override.path, `the chain refuses it with the run's population (accounts, deposits, gentxs): ${problem}`);
  }
  return at('genesis', `the chain refuses the run's genesis: ${refusal}`);
}

interface Wave {
  readonly user: Account;
  readonly amount: bigint;
}

/** A submitted proposal the run watches until the chain has carried it out. */
interface Watched {
  readonly id: bigint;
  readonly ev: ScenarioEvent;
}

/** The message handlers of the chain, as gov routes a proposal's messages to them (a failed proposal's messages are run again, on a copy, for their error). */
const SPECS = msgSpecsOf(appModules.modules);
const ROUTER: MsgRouter = (typeName) => SPECS.get(typeName);

/** The users and amounts of each prepay wave, drawn before genesis (the users are funded for them). */
function planWaves(s: Scenario, pop: Population): Map<ScenarioEvent, Wave[]> {
  const out = new Map<ScenarioEvent, Wave[]>();
  s.events.forEach((e, i) => {
    if (e.body.kind !== 'prepay_wave') return;
    const rng = Rng.fromSeed(s.seed).fork(`wave-${i}`);
    const order = rng.shuffle(pop.users.map((_, j) => j));
    const amount = e.body.amount;
    out.set(e, order.slice(0, e.body.users).map((j) => ({ user: pop.users[j]!, amount: drawAmount(amount, rng) })));
  });
  return out;
}

class Run {
  private readonly rng: Rng;
  private readonly model: StorageModel;
  private readonly popularity: Popularity;
  private readonly accountNumbers = new Map<string, bigint>();
  private readonly sequences = new Map<string, bigint>();
  /** the first FAILURES_KEPT failures, and how many there were */
  private readonly failed: FailedTx[] = [];
  private failedCount = 0;
  private readonly blsKeys: { readonly secret: Uint8Array; readonly pub: Uint8Array }[];
  private readonly chainId: string;
  private readonly genesisTimeNs: bigint;
  private joined = new Set<ResourceActor>();
  private left = new Set<ResourceActor>();
  private suspended = new Set<string>();
  private metaGone = new Set<NodeActor>();
  private pendingActivation: ResourceActor[] = [];
  private pendingUploads: TxMessage[] = [];
  private surges: { from: number; to: number; factor: number }[] = [];
  private nextEvent = 0;
  /** the proposals submitted and not carried out yet, by id */
  private readonly watched = new Map<bigint, Watched>();
  private reportEpoch = 1n;
  private reporterTurn = 0;
  private txs = 0;
  private reports = 0;
  readonly timing = { setup: 0, sign: 0, open: 0, record: 0, report: 0, activity: 0 };

  constructor(
    private readonly s: Scenario,
    private readonly pop: Population,
    private readonly chain: Chain,
    private readonly control: OperatorControl,
    private readonly waves: Map<ScenarioEvent, Wave[]>,
    private readonly recorder: EpochRecorder,
    private readonly log: (line: string) => void,
    private readonly check: boolean,
  ) {
    this.rng = Rng.fromSeed(s.seed).fork('activity');
    this.model = new StorageModel(s.settlement);
    this.popularity = new Popularity(s.population.users.downloadPopularity.s);
    this.chainId = chain.app.info().chainId;
    this.genesisTimeNs = parseTimeNs(chain.genesis.genesis_time);
    // trusted mode sends the real public keys (the chain counts them) with a stand-in signature
    this.blsKeys = pop.metaNodes.map((m) => {
      const secret = metaNodeBlsSecretKey(m.priv.key, m.networkAddress);
      return { secret, pub: blsPublicKey(secret) };
    });
  }

  private get state(): AppState {
    return this.chain.app.stateAt(this.chain.height)!;
  }

  async all(epochs: number, onEpoch?: (done: number, total: number) => void): Promise<Omit<RunResult, 'home' | 'chainId' | 'bls'>> {
    for (let e = 0; e < epochs; e++) {
      this.epoch(e);
      onEpoch?.(e + 1, epochs);
      // let the writer thread's reports and the terminal breathe every few epochs
      if (e % 64 === 63) await new Promise((r) => setImmediate(r));
    }
    // the whole run: what is due after the last epoch's open block, in one closing block
    if (epochs === scenarioEpochs(this.s)) this.closing(epochs);
    for (const w of this.watched.values()) {
      const p = this.state.gov.proposals[proposalKey(w.id)];
      const ends = p?.voting_end_time != null ? ` (it ends at ${formatTimeNs(p.voting_end_time)})` : '';
      this.log(`${this.where(w.ev)}.proposal: still in its voting period when the run ends${ends}: its params did not change`);
    }
    const last = this.chain.height;
    const appHash = Buffer.from(this.chain.app.info().lastBlockAppHash).toString('hex').toUpperCase();
    for (const f of this.failed.slice(0, 20)) this.log(`tx failed at height ${f.height} (${f.what}): code ${f.code}: ${f.log}`);
    if (this.failedCount > 20) this.log(`… and ${this.failedCount - 20} more failed txs`);
    return { height: last, appHash, epochs, reports: this.reports, txs: this.txs, failedTxs: this.failedCount, failures: [...this.failed], timing: { ...this.timing } };
  }

  private currentEpoch = 0;

  /** `<file>:<line>:<col>`: where a scripted event is in the scenario file (the txs it makes name it so). */
  private position(ev: ScenarioEvent): string {
    return `${this.s.file}:${ev.line}:${ev.col}`;
  }

  /** `<file>:<line>:<col>: events[<i>]`: a scripted event as the run's messages name it. */
  private where(ev: ScenarioEvent): string {
    return `${this.position(ev)}: events[${this.s.events.indexOf(ev)}]`;
  }

  /**
   * After the last epoch: one more open block, at the end of the run + one interval, for the
   * scripted events, joins and leaves due after the last epoch's open block (an event at the end of
   * the run, or between that block and the end). No uploads, no report; none when nothing is due.
   */
  private closing(e: number): void {
    this.currentEpoch = e;
    const before = this.nextEvent;
    const txs = this.due(e, e * this.s.clock.epochSeconds + this.s.clock.blockIntervalSeconds);
    if (txs.length > 0 || this.nextEvent > before) this.block(e * this.s.clock.epochSeconds + this.s.clock.blockIntervalSeconds, txs, 'open');
  }

  private epoch(e: number): void {
    this.currentEpoch = e;
    const E = this.s.clock.epochSeconds;
    const bi = this.s.clock.blockIntervalSeconds;
    const t0 = e * E;
    this.recorder.begin(e, this.reportEpoch);
    const failedBefore = this.failedCount;

    // block 1: the epoch's chain business
    const open: PendingTx[] = [];
    if (e === 0) {
      open.push({ signer: this.pop.foundation, msgs: [{ typeName: 'chain.pot.v1.MsgFoundationDeposit', value: { amount: [{ denom: 'wei', amount: this.pop.foundation.deposit.toString() }], from: this.pop.foundation.address } }], gas: 200_000n, what: 'foundation deposit' });
      for (const u of this.pop.users) open.push(this.prepay(u, u.prepay, 'first prepay'));
    }
    const openAt = t0 + bi;
    open.push(...this.due(e, openAt));
    const b1 = this.block(openAt, open, 'open');
    this.restOfEpoch(e, b1, failedBefore);
  }

  /** An open block's business at `openAt`: resource nodes joining and leaving, the scripted events due. */
  private due(e: number, openAt: number): PendingTx[] {
    const open: PendingTx[] = [];
    for (const r of this.pop.resourceNodes) {
      if (!this.joined.has(r) && r.joinSeconds <= openAt) {
        this.joined.add(r);
        open.push({ signer: r, msgs: [createResourceNode(r)], gas: 400_000n, what: `${r.name} joins` });
        this.pendingActivation.push(r);
      }
      if (this.joined.has(r) && !this.left.has(r) && r.leaveSeconds !== undefined && r.leaveSeconds <= openAt) {
        this.left.add(r);
        this.model.setOnline(onlineOf(r), false);
        open.push({ signer: r, msgs: [{ typeName: 'chain.register.v1.MsgRemoveResourceNode', value: { resource_node_address: r.networkAddress, owner_address: r.address } }], gas: 400_000n, what: `${r.name} leaves` });
      }
    }
    while (this.nextEvent < this.s.events.length && this.s.events[this.nextEvent]!.atSeconds <= openAt) {
      open.push(...this.scripted(this.s.events[this.nextEvent]!, e));
      this.nextEvent++;
    }
    return open;
  }

  /** The rest of epoch `e` after its open block: the uploads and downloads recorded, the report. */
  private restOfEpoch(e: number, b1: CommittedBlock, failedBefore: number): void {
    const E = this.s.clock.epochSeconds;
    const bi = this.s.clock.blockIntervalSeconds;
    const t0 = e * E;
    this.creditPrepays(b1);
    // the meta nodes activate the nodes that registered (block 2 records it) and place slices on them from now
    this.pendingActivation = this.pendingActivation.filter((r) => getResourceNode(this.state, r.networkAddress) !== undefined);
    for (const r of this.pendingActivation) if (!this.suspended.has(r.networkAddress) && !this.left.has(r)) this.model.setOnline(onlineOf(r), true);

    // off chain: uploads and downloads; block 2 records them
    const activityStarted = performance.now();
    this.activity(e);
    this.timing.activity += performance.now() - activityStarted;
    const record: PendingTx[] = [];
    if (this.pendingActivation.length > 0) {
      const reporter = this.reporter();
      for (const r of this.pendingActivation) {
        record.push({
          signer: reporter,
          msgs: [{ typeName: 'chain.register.v1.MsgUpdateEffectiveDeposit', value: { reporters: [reporter.networkAddress], reporter_owner: [reporter.address], network_address: r.networkAddress, effective_tokens: r.deposit.toString() } }],
          gas: 400_000n,
          what: `${r.name} activated`,
        });
      }
    }
    for (let i = 0; i < this.pendingUploads.length; i += UPLOADS_PER_TX) {
      const reporter = this.reporter();
      const msgs = this.pendingUploads.slice(i, i + UPLOADS_PER_TX).map((m) => ({ ...m, value: { ...(m.value as object), from: reporter.address, reporter: reporter.networkAddress } }));
      record.push({ signer: reporter, msgs, gas: 200_000n * BigInt(msgs.length), what: `${msgs.length} file upload record(s)` });
    }
    this.pendingUploads = [];
    this.block(t0 + 2 * bi, record, 'record');
    this.pendingActivation = [];

    // block 3: the epoch's volume report
    const reportAt = t0 + E - bi;
    const settlement = this.model.settle();
    const report = settlement.reported.length > 0 ? this.volumeReport(settlement.reported) : undefined;
    const before = this.state;
    const b3 = this.block(reportAt, report ? [report.tx] : [], 'report');
    const reported = report !== undefined && b3.txs[0]?.result.code === 0;
    if (reported) {
      this.model.settled(settlement);
      this.reports++;
      this.reportEpoch++;
    }
    this.recorder.end(b3, before, this.state, reported ? settlement : undefined, this.model, this.failedCount - failedBefore);
  }

  /** The meta node that signs the next record (the bonded ones in turn). */
  private reporter(): NodeActor {
    const active = this.pop.metaNodes.filter((m) => !this.metaGone.has(m));
    const list = active.length > 0 ? active : this.pop.metaNodes;
    return list[this.reporterTurn++ % list.length]!;
  }

  private prepay(u: Account, amount: bigint, what: string): PendingTx {
    return { signer: u, msgs: [{ typeName: 'chain.sds.v1.MsgPrepay', value: { sender: u.address, beneficiary: u.address, amount: [{ denom: 'wei', amount: amount.toString() }] } }], gas: 200_000n, what: `${u.name} ${what}` };
  }

  private creditPrepays(b: CommittedBlock): void {
    for (const tx of b.txs) {
      if (tx.result.code !== 0) continue;
      for (const ev of tx.result.events) {
        if (ev.type !== 'chain.sds.v1.EventPrePay') continue;
        const attr = (k: string) => {
          const v = ev.attributes.find((a) => a.key === k)?.value ?? '';
          return v.startsWith('"') ? (JSON.parse(v) as string) : v;
        };
        const noz = attr('purchased_noz');
        if (/^\d+$/.test(noz)) {
          this.model.creditPrepay(attr('beneficiary'), BigInt(noz));
          this.recorder.prepaid(BigInt(noz));
        }
      }
    }
  }

  private surgeFactor(e: number): number {
    let f = 1;
    for (const s of this.surges) if (e >= s.from && e < s.to) f *= s.factor;
    return f;
  }

  private activity(e: number): void {
    const users = this.pop.users;
    if (users.length === 0) return;
    const u = this.s.population.users;
    const surge = this.surgeFactor(e);
    const rng = this.rng;
    const uploads = roundStochastic(users.length * drawNumber(u.uploadsPerEpoch, rng) * surge, rng);
    for (let i = 0; i < uploads; i++) {
      const user = users[rng.int(0, users.length - 1)]!;
      const size = drawWhole(u.uploadSize, rng, 1);
      const online = this.model.onlineNodes();
      const via = online.length > 0 ? online[rng.int(0, online.length - 1)] : undefined;
      const n = this.model.files.length;
      const fileHash = sdsFileHash(utf8ToBytes(`sdsim/${this.s.seed}/file/${n}`));
      const out = this.model.upload(user.address, size, fileHash, via);
      this.recorder.transfer('upload', out.ok ? size : 0, out.ok ? out.charged : 0n, out.ok ? undefined : out.reason);
      if (!out.ok) continue;
      this.popularity.add();
      this.pendingUploads.push({ typeName: 'chain.sds.v1.MsgFileUpload', value: { file_hash: fileHash, from: '', reporter: '', uploader: user.address } });
    }
    const downloads = roundStochastic(users.length * drawNumber(u.downloadsPerEpoch, rng) * surge, rng);
    const files = this.model.files;
    for (let i = 0; i < downloads && files.length > 0; i++) {
      const user = users[rng.int(0, users.length - 1)]!;
      const n = u.downloadPopularity.n !== undefined ? Math.min(u.downloadPopularity.n, files.length) : files.length;
      const file = files[this.popularity.rank(rng, n) - 1]!;
      const out = this.model.download(user.address, file, (holders) => holders[rng.int(0, holders.length - 1)]!);
      this.recorder.transfer('download', out.ok ? file.size : 0, out.ok ? out.charged : 0n, out.ok ? undefined : out.reason);
    }
  }

  private volumeReport(volumes: readonly { wallet_address: string; volume: bigint }[]): { tx: PendingTx } {
    // every meta node still bonded signs (the chain wants two thirds of the bonded count: blsThreshold)
    const signers = this.pop.metaNodes.map((m, i) => ({ m, key: this.blsKeys[i]! })).filter(({ m }) => !this.metaGone.has(m));
    const reporter = signers[Number(this.reportEpoch % BigInt(Math.max(1, signers.length)))]?.m ?? this.pop.metaNodes[0]!;
    const wallet_volumes = volumes.map((v) => ({ wallet_address: v.wallet_address, volume: v.volume.toString() }));
    const reference = `epoch-${this.reportEpoch}-${Buffer.from(sha256(utf8ToBytes(JSON.stringify(wallet_volumes)))).toString('hex').slice(0, 16)}`;
    const body = { wallet_volumes, reporter: reporter.networkAddress, epoch: this.reportEpoch.toString(), report_reference: reference, reporter_owner: reporter.address };
    const txData = volumeReportTxData(body);
    let bls: { pub_keys: Uint8Array[]; signature: Uint8Array; txData: Uint8Array };
    if (this.s.bls === 'full') {
      const { pubKeys, signature } = bls12381Sign(signers.map((x) => x.key.secret), txData);
      bls = { pub_keys: pubKeys, signature, txData };
    } else {
      // trusted: the chain's verifier accepts any signature (app.toml `[pot] bls-verifier = "accept-any"`)
      bls = { pub_keys: signers.map((x) => x.key.pub), signature: TRUSTED_SIGNATURE, txData };
    }
    return {
      tx: {
        signer: reporter,
        msgs: [{ typeName: 'chain.pot.v1.MsgVolumeReport', value: { ...body, BLS_signature: bls } }],
        gas: 2_000_000n + 100_000n * BigInt(wallet_volumes.length),
        what: `volume report of epoch ${this.reportEpoch}`,
      },
    };
  }

  /** The txs (and consensus switches) of a scripted event. */
  private scripted(ev: ScenarioEvent, e: number): PendingTx[] {
    const b = ev.body;
    const where = this.position(ev);
    switch (b.kind) {
      case 'prepay_wave':
        return (this.waves.get(ev) ?? []).map((w) => this.prepay(w.user, w.amount, 'prepay wave'));
      case 'traffic_surge':
        this.surges.push({ from: e, to: e + b.epochs, factor: b.factor });
        return [];
      case 'proposal': {
        const proposer = this.pop.validators[0]!;
        const { messages, deposit } = proposalMessages(this.chain.app, this.state, b.module, b.params, this.where(ev));
        const id = this.state.gov.next_proposal_id;
        const submit: PendingTx = {
          signer: proposer,
          msgs: [{ typeName: 'sdk.gov.v1.MsgSubmitProposal', value: { messages, initial_deposit: deposit, proposer: proposer.address, metadata: '', title: `sdsim: ${b.module} params`, summary: `${b.module} params changed by the scenario (events[${this.s.events.indexOf(ev)}])` } }],
          gas: 2_000_000n,
          what: `proposal (${where})`,
          // watched until the chain carries it out (a failed submit is a failed tx, counted)
          committed: (code) => void (code === 0 && this.watched.set(id, { id, ev })),
        };
        const votes = this.pop.validators.map((v): PendingTx => ({ signer: v, msgs: [{ typeName: 'sdk.gov.v1.MsgVote', value: { proposal_id: id, voter: v.address, option: 1, metadata: '' } }], gas: 400_000n, what: `${v.name} votes yes on proposal ${id}` }));
        return [submit, ...votes];
      }
      case 'slash':
      case 'unbond':
      case 'suspend':
        return this.nodeEvent(ev, where);
    }
  }

  private nodeEvent(ev: ScenarioEvent, where: string): PendingTx[] {
    const b = ev.body as Extract<ScenarioEvent['body'], { node: unknown }>;
    const { role, index } = b.node;
    if (role === 'validator') {
      const v = this.pop.validators[index]!;
      if (b.kind === 'unbond') {
        return [{ signer: v, msgs: [{ typeName: 'sdk.staking.v1beta1.MsgUndelegate', value: { delegator_address: v.address, validator_address: v.operator, amount: { denom: 'wei', amount: v.selfDelegation.toString() } } }], gas: 400_000n, what: `${v.name} unbonds (${where})` }];
      }
      if (b.kind === 'suspend') {
        this.control.setOffline(v.consensus.address, true);
        return [];
      }
      // slash: double-sign evidence, slashed by the chain's slash_fraction_double_sign
      const set = this.lastValidators();
      const mine = set.find((x) => x.address === v.consensus.address);
      if (!mine) return this.skip(`${v.name} double-signs (${where})`, `not in the validator set at height ${this.chain.height}: no evidence`);
      const total = set.reduce((a, x) => a + BigInt(x.voting_power), 0n);
      this.control.injectEvidence({ type: 'DUPLICATE_VOTE', address: v.consensus.address, power: BigInt(mine.voting_power), height: this.chain.height, timeNs: this.chain.lastBlockTimeNs, totalVotingPower: total });
      return [];
    }
    if (role === 'meta') {
      const m = this.pop.metaNodes[index]!;
      this.metaGone.add(m);
      return [{ signer: m, msgs: [{ typeName: 'chain.register.v1.MsgRemoveMetaNode', value: { meta_node_address: m.networkAddress, owner_address: m.address } }], gas: 400_000n, what: `${m.name} unbonds (${where})` }];
    }
    const r = this.pop.resourceNodes[index]!;
    if (b.kind === 'unbond') {
      this.left.add(r);
      this.model.setOnline(onlineOf(r), false);
      return [{ signer: r, msgs: [{ typeName: 'chain.register.v1.MsgRemoveResourceNode', value: { resource_node_address: r.networkAddress, owner_address: r.address } }], gas: 400_000n, what: `${r.name} unbonds (${where})` }];
    }
    const reporter = this.reporter();
    let slashing = 0n;
    if (b.kind === 'slash') {
      // the noz whose traffic price (pot's trafficPool) is the fraction of the node's deposit
      // a node that registers in this very block is priced on its deposit
      const tokens = getResourceNode(this.state, r.networkAddress)?.tokens ?? (this.joined.has(r) ? r.deposit : undefined);
      if (tokens === undefined) return this.skip(`${r.name} slashed (${where})`, `not registered on chain at height ${this.chain.height}`);
      try {
        slashing = slashingNozFor(this.state, tokens, b.fraction, where);
      } catch (e) {
        if (!(e instanceof RunError)) throw e;
        return this.skip(`${r.name} slashed (${where})`, e.message);
      }
    } else {
      this.suspended.add(r.networkAddress);
      this.model.setOnline(onlineOf(r), false);
    }
    return [{
      signer: reporter,
      msgs: [{ typeName: 'chain.pot.v1.MsgSlashingResourceNode', value: { reporters: [reporter.networkAddress], reporter_owner: [reporter.address], network_address: r.networkAddress, wallet_address: r.address, slashing: slashing.toString(), suspend: b.kind === 'suspend' } }],
      gas: 400_000n,
      what: `${r.name} ${b.kind === 'slash' ? 'slashed' : 'suspended'} (${where})`,
    }];
  }

  private fail(f: FailedTx): void {
    this.failedCount++;
    if (this.failed.length < FAILURES_KEPT) this.failed.push(f);
  }

  /** A scripted event the chain's state does not allow now: logged and kept with the failed txs (code -1), the run goes on. */
  private skip(what: string, why: string): PendingTx[] {
    this.fail({ height: this.chain.height + 1n, what, code: -1, log: why });
    return [];
  }

  private lastValidators(): { address: string; voting_power: string }[] {
    const header = this.chain.headerOf(this.chain.height) as { validators?: { address: string; voting_power: string }[] } | undefined;
    return header?.validators ?? [];
  }

  /**
   * A block with no precommit at all cannot be committed: a scenario whose events suspend every
   * validator of the set halts there. (CometBFT needs more than 2/3 of the voting power; a run
   * goes on with fewer, so that downtime and its slashing can be studied with few validators:
   * docs/scenarios.md "When a run fails".)
   */
  private haltUnlessCommitted(height: bigint): void {
    const header = this.chain.headerOf(height) as { validators?: { address: string; voting_power: string }[]; commit?: { signatures: { block_id_flag: number; validator_address: string }[] } } | undefined;
    if (!header?.validators || !header.commit) return;
    const signed = new Set(header.commit.signatures.filter((sig) => sig.block_id_flag === 2).map((sig) => sig.validator_address));
    let total = 0n;
    let signing = 0n;
    for (const v of header.validators) {
      total += BigInt(v.voting_power);
      if (signed.has(v.address)) signing += BigInt(v.voting_power);
    }
    if (signing > 0n) return;
    throw new RunError(`the chain halts at height ${height} (epoch ${this.currentEpoch}): no validator signs (all ${header.validators.length} of the set, ${total} voting power, suspended by the scenario's events)`);
  }

  /** Signs `pending` in order, commits them as one block at `seconds` after genesis, and keeps the failures. */
  private block(seconds: number, pending: readonly PendingTx[], kind: 'open' | 'record' | 'report'): CommittedBlock {
    const signStarted = performance.now();
    const state = this.state;
    const bytes = pending.map((p) => {
      const number = this.accountNumber(state, p.signer.address);
      const sequence = this.sequences.get(p.signer.address) ?? getAccount(state, p.signer.address)?.sequence ?? 0n;
      this.sequences.set(p.signer.address, sequence + 1n);
      return signTx(
        { messages: p.msgs, gasLimit: p.gas, memo: '', fee: [{ denom: 'wei', amount: (p.gas * GAS_PRICE).toString() }] },
        { chainId: this.chainId, signers: [{ privKey: p.signer.priv, accountNumber: number, sequence }], codec: neutralCodec },
      );
    });
    const commitStarted = performance.now();
    this.timing.sign += commitStarted - signStarted;
    let block: CommittedBlock;
    try {
      block = this.chain.commitBlock(bytes, this.genesisTimeNs + BigInt(seconds) * NS);
    } catch (e) {
      if (/validator set .* would be empty|the validator set is empty/.test((e as Error).message)) {
        throw new RunError(`the chain halts at height ${this.chain.height + 1n} (epoch ${this.currentEpoch}): no validator is left to sign (every one jailed, tombstoned or unbonded by the scenario's events)`);
      }
      throw e;
    }
    this.haltUnlessCommitted(block.height);
    this.timing[kind] += performance.now() - commitStarted;
    if (this.check) {
      const broken = invariantViolations(this.state, state);
      if (broken.length > 0) throw new InvariantError(block.height, this.currentEpoch, kind, broken);
    }
    this.txs += bytes.length;
    block.txs.forEach((tx, i) => {
      const p = pending[i]!;
      p.committed?.(tx.result.code);
      if (tx.result.code === 0) return;
      this.fail({ height: block.height, what: p.what, code: tx.result.code, log: tx.result.log });
      // a tx refused before its messages ran did not use its sequence
      const after = getAccount(this.state, p.signer.address)?.sequence;
      if (after !== undefined) this.sequences.set(p.signer.address, after);
    });
    this.watchProposals(state, block.height);
    return block;
  }

  /**
   * The watched proposals whose voting period ended in the block just committed: passed, they are
   * done; failed (the chain refused its MsgUpdateParams), rejected or dropped, the run stops with
   * the scenario line — the scenario asked for what the chain did not do (docs/scenarios.md).
   */
  private watchProposals(before: AppState, height: bigint): void {
    for (const w of [...this.watched.values()]) {
      const p = this.state.gov.proposals[proposalKey(w.id)] as ProposalRecord | undefined;
      if (p?.status === 'PROPOSAL_STATUS_VOTING_PERIOD' || p?.status === 'PROPOSAL_STATUS_DEPOSIT_PERIOD') continue;
      this.watched.delete(w.id);
      if (p?.status === 'PROPOSAL_STATUS_PASSED') continue;
      const at = `at height ${height} (epoch ${this.currentEpoch})`;
      let what: string;
      if (p?.status === 'PROPOSAL_STATUS_FAILED') what = `proposal ${w.id} passed the vote ${at}, but the chain refused its params: ${this.refusal(before, p, height)}`;
      else if (p?.status === 'PROPOSAL_STATUS_REJECTED') {
        const t = p.final_tally_result;
        what = `proposal ${w.id} was rejected by the vote ${at} (yes ${t.yes_count}, no ${t.no_count}, no with veto ${t.no_with_veto_count}, abstain ${t.abstain_count})`;
      } else what = `proposal ${w.id} was dropped ${at}`;
      throw new ScenarioEventError(new ScenarioError(this.s.file, w.ev.line, w.ev.col, `events[${this.s.events.indexOf(w.ev)}].proposal`, `the chain did not carry it out: ${what}`));
    }
  }

  /**
   * Why the chain refused a passed proposal's messages: they are run again as gov's EndBlock runs
   * them (src/modules/gov/router.ts, `runInCache`), on a copy of the state before the block, for
   * the first failure's error.
   */
  private refusal(before: AppState, p: ProposalRecord, height: bigint): string {
    const ctx = { block: { chainId: this.chainId, height, timeNs: this.chain.lastBlockTimeNs, proposer: '' }, gas: infiniteGasMeter(), emit: () => undefined };
    const msgs: { typeName: string; spec: MsgSpec; value: unknown }[] = [];
    for (const m of p.messages) {
      const spec = routeOf(ROUTER, m.type_name);
      if (!spec) return `${m.type_name} is not a message of the chain`;
      msgs.push({ typeName: m.type_name, spec, value: decodeMessageRecord(m) });
    }
    // a dry run on a draft never finished: nothing written, the state before the block untouched
    const outcome = runInCache(createDraft(before), msgs, ctx, false);
    if (outcome.ok) return 'its messages failed';
    return outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
  }

  private accountNumber(state: AppState, address: string): bigint {
    let n = this.accountNumbers.get(address);
    if (n === undefined) {
      const a = getAccount(state, address);
      if (!a) throw new RunError(`account ${address} does not exist at height ${this.chain.height}`);
      n = a.account_number;
      this.accountNumbers.set(address, n);
    }
    return n;
  }
}

/** Trusted mode's stand-in signature: 96 bytes, never checked (the node's verifier is accept-any). */
const TRUSTED_SIGNATURE = new Uint8Array(96);

function onlineOf(r: ResourceActor): OnlineNode {
  return { networkAddress: r.networkAddress, wallet: r.address };
}

/** `MsgCreateResourceNode` of a resource node, its owner and beneficiary its own account (the key packed in the codec's words). */
export function createResourceNode(r: Pick<ResourceActor, 'networkAddress' | 'p2pPublicKey' | 'deposit' | 'address' | 'name' | 'nodeType'>, codec: Codec = neutralCodec): TxMessage {
  return {
    typeName: 'chain.register.v1.MsgCreateResourceNode',
    value: {
      network_address: r.networkAddress,
      pubkey: codec.packAny('sdk.crypto.ed25519.PubKey', { key: r.p2pPublicKey }),
      value: { denom: 'wei', amount: r.deposit.toString() },
      owner_address: r.address,
      beneficiary_address: r.address,
      description: { moniker: r.name, identity: '', website: '', security_contact: '', details: '' },
      node_type: r.nodeType,
    },
  };
}
