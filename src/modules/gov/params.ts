/**
 * Gov v1 params (reference/sdk-modules.md §3.1, Stratos values §0.2): the JSON form (genesis,
 * REST), the decoded proto form (MsgUpdateParams, queries) and `Params.ValidateBasic` with the
 * SDK's texts (plain Go errors). quorum / threshold / veto_threshold / min_initial_deposit_ratio
 * are plain strings kept verbatim (§1.2); durations are bigint nanoseconds.
 */
import { plainError } from '../../errors.ts';
import { coinsFromProto, coinsToProto, formatCoins, validateCoins, type Coins, type ProtoCoin } from '../../math/coins.ts';
import { Dec } from '../../math/dec.ts';
import { formatDurationNs, parseDurationNs } from '../../state/block-info.ts';

const NS_PER_S = 1_000_000_000n;
const DAY_NS = 86_400n * NS_PER_S;

export interface GovParams {
  readonly min_deposit: Coins;
  /** ns */
  readonly max_deposit_period: bigint;
  /** ns */
  readonly voting_period: bigint;
  readonly quorum: string;
  readonly threshold: string;
  readonly veto_threshold: string;
  readonly min_initial_deposit_ratio: string;
  readonly burn_vote_quorum: boolean;
  readonly burn_proposal_deposit_prevote: boolean;
  readonly burn_vote_veto: boolean;
}

/** The Stratos mainnet genesis values (§0.2). */
export const DEFAULT_GOV_PARAMS: GovParams = Object.freeze({
  min_deposit: Object.freeze([Object.freeze({ denom: 'wei', amount: 100n * 10n ** 18n })]),
  max_deposit_period: 14n * DAY_NS,
  voting_period: 7n * DAY_NS,
  quorum: '0.334000000000000000',
  threshold: '0.500000000000000000',
  veto_threshold: '0.334000000000000000',
  min_initial_deposit_ratio: '0.000000000000000000',
  burn_vote_quorum: false,
  burn_proposal_deposit_prevote: false,
  burn_vote_veto: true,
});

/** `app_state.gov.params` and the REST `params`. */
export interface JsonGovParams {
  readonly min_deposit: readonly ProtoCoin[];
  readonly max_deposit_period: string;
  readonly voting_period: string;
  readonly quorum: string;
  readonly threshold: string;
  readonly veto_threshold: string;
  readonly min_initial_deposit_ratio: string;
  readonly burn_vote_quorum: boolean;
  readonly burn_proposal_deposit_prevote: boolean;
  readonly burn_vote_veto: boolean;
}

export type ProtoDuration = { readonly seconds: bigint; readonly nanos: number };

/** The decoded proto `sdk.gov.v1.Params`. */
export interface ProtoGovParams {
  readonly min_deposit: readonly ProtoCoin[];
  readonly max_deposit_period: ProtoDuration | null;
  readonly voting_period: ProtoDuration | null;
  readonly quorum: string;
  readonly threshold: string;
  readonly veto_threshold: string;
  readonly min_initial_deposit_ratio: string;
  readonly burn_vote_quorum: boolean;
  readonly burn_proposal_deposit_prevote: boolean;
  readonly burn_vote_veto: boolean;
}

export const durationToProto = (ns: bigint): ProtoDuration => ({ seconds: ns / NS_PER_S, nanos: Number(ns % NS_PER_S) });
const durationFromProto = (d: ProtoDuration | null | undefined): bigint => (d ? BigInt(d.seconds) * NS_PER_S + BigInt(d.nanos ?? 0) : 0n);

export function govParamsToJson(p: GovParams): JsonGovParams {
  return {
    min_deposit: coinsToProto(p.min_deposit),
    max_deposit_period: formatDurationNs(p.max_deposit_period),
    voting_period: formatDurationNs(p.voting_period),
    quorum: p.quorum,
    threshold: p.threshold,
    veto_threshold: p.veto_threshold,
    min_initial_deposit_ratio: p.min_initial_deposit_ratio,
    burn_vote_quorum: p.burn_vote_quorum,
    burn_proposal_deposit_prevote: p.burn_proposal_deposit_prevote,
    burn_vote_veto: p.burn_vote_veto,
  };
}

function durationAt(v: unknown, where: string): bigint {
  try {
    return parseDurationNs(String(v));
  } catch (e) {
    throw new Error(`${where}: ${(e as Error).message}`);
  }
}

/** Reads the JSON form (missing fields take the defaults); throws naming the bad field. */
export function govParamsFromJson(j: Partial<JsonGovParams> | undefined, where = 'app_state.gov.params'): GovParams {
  const g = { ...govParamsToJson(DEFAULT_GOV_PARAMS), ...(j ?? {}) };
  let min_deposit: Coins;
  try {
    min_deposit = coinsFromProto(g.min_deposit ?? []);
  } catch (e) {
    throw new Error(`${where}.min_deposit: ${(e as Error).message}`);
  }
  return {
    min_deposit,
    max_deposit_period: durationAt(g.max_deposit_period, `${where}.max_deposit_period`),
    voting_period: durationAt(g.voting_period, `${where}.voting_period`),
    quorum: String(g.quorum ?? ''),
    threshold: String(g.threshold ?? ''),
    veto_threshold: String(g.veto_threshold ?? ''),
    min_initial_deposit_ratio: String(g.min_initial_deposit_ratio ?? ''),
    burn_vote_quorum: g.burn_vote_quorum === true,
    burn_proposal_deposit_prevote: g.burn_proposal_deposit_prevote === true,
    burn_vote_veto: g.burn_vote_veto === true,
  };
}

export function govParamsToProto(p: GovParams): ProtoGovParams {
  return {
    min_deposit: coinsToProto(p.min_deposit),
    max_deposit_period: durationToProto(p.max_deposit_period),
    voting_period: durationToProto(p.voting_period),
    quorum: p.quorum,
    threshold: p.threshold,
    veto_threshold: p.veto_threshold,
    min_initial_deposit_ratio: p.min_initial_deposit_ratio,
    burn_vote_quorum: p.burn_vote_quorum,
    burn_proposal_deposit_prevote: p.burn_proposal_deposit_prevote,
    burn_vote_veto: p.burn_vote_veto,
  };
}

/** The proto form as given (coins kept in their order; amounts parsed as integers). Throws a plain Error on a bad amount. */
export function govParamsFromProto(p: ProtoGovParams | null | undefined): GovParams {
  return {
    min_deposit: (p?.min_deposit ?? []).map((c) => {
      if (!/^-?\d+$/.test(c.amount)) throw new Error(`invalid coin amount: ${c.amount}`);
      return { denom: c.denom, amount: BigInt(c.amount) };
    }),
    max_deposit_period: durationFromProto(p?.max_deposit_period),
    voting_period: durationFromProto(p?.voting_period),
    quorum: p?.quorum ?? '',
    threshold: p?.threshold ?? '',
    veto_threshold: p?.veto_threshold ?? '',
    min_initial_deposit_ratio: p?.min_initial_deposit_ratio ?? '',
    burn_vote_quorum: p?.burn_vote_quorum ?? false,
    burn_proposal_deposit_prevote: p?.burn_proposal_deposit_prevote ?? false,
    burn_vote_veto: p?.burn_vote_veto ?? false,
  };
}

function parseDec(text: string, what: string): Dec {
  try {
    return Dec.fromString(text);
  } catch (e) {
    throw plainError(`invalid ${what} string: ${(e as Error).message}`);
  }
}

/**
 * `v1.Params.ValidateBasic` in the SDK's order and texts (plain errors; the SDK's spelling
 * "quorom" kept). Durations print as Go's `%s` of a Duration would for whole seconds.
 */
export function validateGovParams(p: GovParams): void {
  if (p.min_deposit.length === 0 || validateCoins(p.min_deposit) !== undefined) throw plainError(`invalid minimum deposit: ${formatCoins(p.min_deposit)}`);
  if (p.max_deposit_period <= 0n) throw plainError(`maximum deposit period must be positive: ${p.max_deposit_period}`);
  const quorum = parseDec(p.quorum, 'quorum');
  if (quorum.isNegative()) throw plainError(`quorom cannot be negative: ${quorum}`);
  if (quorum.gt(Dec.ONE)) throw plainError(`quorom too large: ${p.quorum}`);
  const threshold = parseDec(p.threshold, 'threshold');
  if (!threshold.isPositive()) throw plainError(`vote threshold must be positive: ${threshold}`);
  if (threshold.gt(Dec.ONE)) throw plainError(`vote threshold too large: ${threshold}`);
  const veto = parseDec(p.veto_threshold, 'vetoThreshold');
  if (!veto.isPositive()) throw plainError(`veto threshold must be positive: ${veto}`);
  if (veto.gt(Dec.ONE)) throw plainError(`veto threshold too large: ${veto}`);
  if (p.voting_period <= 0n) throw plainError(`voting period must be positive: ${formatDurationNs(p.voting_period)}`);
  let ratio: Dec;
  try {
    ratio = Dec.fromString(p.min_initial_deposit_ratio);
  } catch (e) {
    throw plainError(`invalid mininum initial deposit ratio of proposal: ${(e as Error).message}`);
  }
  if (ratio.isNegative()) throw plainError(`mininum initial deposit ratio of proposal must be positive: ${ratio}`);
  if (ratio.gt(Dec.ONE)) throw plainError(`mininum initial deposit ratio of proposal is too large: ${ratio}`);
}
