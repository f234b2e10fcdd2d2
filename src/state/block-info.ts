/**
 * What a handler may know about the block it runs in. Time is integer nanoseconds since the Unix
 * epoch so that durations (unbonding, voting windows) are exact bigint arithmetic.
 */
export interface BlockInfo {
  readonly chainId: string;
  readonly height: bigint;
  /** block time, nanoseconds since 1970-01-01T00:00:00Z */
  readonly timeNs: bigint;
  /** hex consensus address of the proposer (uppercase), '' at genesis */
  readonly proposer: string;
  /**
   * ABCI `decided_last_commit.votes`: one entry per member of the previous block's validator set,
   * in CometBFT order. Undefined when the caller models no consensus (an embedder driving the App
   * directly): distribution then allocates nothing and slashing counts no votes.
   */
  readonly lastCommit?: readonly VoteInfo[];
  /** ABCI `misbehavior` (evidence of double signing) committed in this block */
  readonly misbehavior?: readonly Misbehavior[];
  /** this block's CometBFT header in proto-JSON form (staking's historical info), when a consensus engine made one */
  readonly header?: Readonly<Record<string, unknown>>;
  /** the consensus params' evidence ages (evidence handling); CometBFT's defaults (100000 blocks, 48 h) when absent */
  readonly evidenceParams?: { readonly maxAgeNumBlocks: bigint; readonly maxAgeDurationNs: bigint };
}

/** One validator's vote in the last commit (ABCI `VoteInfo`). */
export interface VoteInfo {
  /** uppercase hex consensus address (20 bytes) */
  readonly address: string;
  readonly power: bigint;
  /** false when the validator's signature is absent from the commit */
  readonly signed: boolean;
}

/** ABCI `Misbehavior` of type DUPLICATE_VOTE (the only kind the simulator injects). */
export interface Misbehavior {
  readonly type: 'DUPLICATE_VOTE' | 'LIGHT_CLIENT_ATTACK';
  /** uppercase hex consensus address */
  readonly address: string;
  /** the validator's power at the infraction height */
  readonly power: bigint;
  readonly height: bigint;
  /** time of the infraction block, ns */
  readonly timeNs: bigint;
  readonly totalVotingPower: bigint;
}

/** A validator set change returned to consensus by EndBlock (ABCI `ValidatorUpdate`). */
export interface ValidatorUpdate {
  /** base64 of the 32-byte ed25519 consensus key */
  readonly pubKey: string;
  /** new consensus power; 0 removes the validator */
  readonly power: bigint;
}

const NS_PER_MS = 1_000_000n;
const NS_PER_S = 1_000_000_000n;

/** RFC 3339 with up to 9 fraction digits and `Z`, trailing zeros trimmed (Go's RFC3339Nano). */
export function formatTimeNs(ns: bigint): string {
  const ms = ns / NS_PER_MS;
  const base = new Date(Number(ms)).toISOString().slice(0, 19);
  let frac = (((ns % NS_PER_S) + NS_PER_S) % NS_PER_S).toString().padStart(9, '0').replace(/0+$/, '');
  return base + (frac ? '.' + frac : '') + 'Z';
}

/** Parses RFC 3339 (any offset, up to 9 fraction digits) into nanoseconds. */
export function parseTimeNs(text: string): bigint {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/.exec(text);
  if (!m) throw new Error(`invalid time ${JSON.stringify(text)}: expected RFC 3339, e.g. 2023-09-08T00:00:00.42539614Z`);
  const ms = Date.parse(m[1] + m[3]);
  if (Number.isNaN(ms)) throw new Error(`invalid time ${JSON.stringify(text)}`);
  const frac = BigInt((m[2] ?? '').padEnd(9, '0') || '0');
  return BigInt(ms) * NS_PER_MS + frac;
}

/** Seconds-and-nanos form used by protobuf Timestamp and gRPC output. */
export function timeNsToTimestamp(ns: bigint): { seconds: bigint; nanos: number } {
  const seconds = ns >= 0n ? ns / NS_PER_S : -((-ns + NS_PER_S - 1n) / NS_PER_S);
  return { seconds, nanos: Number(ns - seconds * NS_PER_S) };
}

/** Go duration string of the kind proto-JSON prints (`1209600s`, `0.5s`) to nanoseconds. */
export function parseDurationNs(text: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,9}))?s$/.exec(text);
  if (!m) throw new Error(`invalid duration ${JSON.stringify(text)}: expected seconds like "1209600s"`);
  return BigInt(m[1]!) * NS_PER_S + BigInt((m[2] ?? '').padEnd(9, '0') || '0');
}

export function formatDurationNs(ns: bigint): string {
  const s = ns / NS_PER_S;
  const frac = (ns % NS_PER_S).toString().padStart(9, '0').replace(/0+$/, '');
  return `${s}${frac ? '.' + frac : ''}s`;
}
