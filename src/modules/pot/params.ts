/**
 * Pot params (reference/chain-semantics.md §3.2; spec part 2): reward denoms, `mature_epoch`, the
 * community tax and the six mining-reward tiers. State keeps amounts as bigint and the tax as the
 * raw Dec integer; the proto form (Int and Coin amounts as strings, Dec as 18-place text) converts
 * at the edges.
 */
import { isValidDenom } from '../../math/coin.ts';
import { Dec } from '../../math/dec.ts';
import { PotErrors } from './errors.ts';

const STOS = 10n ** 18n;

export interface PotCoin {
  readonly denom: string;
  readonly amount: bigint;
}

export interface MiningRewardParam {
  readonly total_mined_valve_start: PotCoin;
  readonly total_mined_valve_end: PotCoin;
  readonly mining_reward: PotCoin;
  readonly block_chain_percentage_in_bp: bigint;
  readonly resource_node_percentage_in_bp: bigint;
  readonly meta_node_percentage_in_bp: bigint;
}

export interface PotParams {
  readonly bond_denom: string;
  readonly reward_denom: string;
  readonly mature_epoch: bigint;
  readonly mining_reward_params: readonly MiningRewardParam[];
  /** Dec raw value (value × 10^18) */
  readonly community_tax: bigint;
  readonly initial_total_supply: PotCoin;
}

const wei = (amount: bigint): PotCoin => Object.freeze({ denom: 'wei', amount });

/** One tier; bp in the stored field order (chain, resource, meta), not the Go constructor's. */
function tier(startStos: bigint, endStos: bigint, rewardWei: bigint, chain: bigint, resource: bigint, meta: bigint): MiningRewardParam {
  return Object.freeze({
    total_mined_valve_start: wei(startStos * STOS),
    total_mined_valve_end: wei(endStos * STOS),
    mining_reward: wei(rewardWei),
    block_chain_percentage_in_bp: chain,
    resource_node_percentage_in_bp: resource,
    meta_node_percentage_in_bp: meta,
  });
}

/** The six tiers of spec part 2 / reference §3.2. */
export const DEFAULT_MINING_REWARD_PARAMS: readonly MiningRewardParam[] = Object.freeze([
  tier(0n, 16_819_200n, 80n * STOS, 2000n, 6000n, 2000n),
  tier(16_819_200n, 25_228_800n, 40n * STOS, 2000n, 6200n, 1800n),
  tier(25_228_800n, 29_433_600n, 20n * STOS, 2000n, 6400n, 1600n),
  tier(29_433_600n, 31_536_000n, 10n * STOS, 2000n, 6600n, 1400n),
  tier(31_536_000n, 32_587_200n, 5n * STOS, 2000n, 6800n, 1200n),
  tier(32_587_200n, 40_000_000n, 2_500_000_000_000_000_000n, 2000n, 7000n, 1000n),
]);

export const DEFAULT_POT_PARAMS: PotParams = Object.freeze({
  bond_denom: 'wei',
  reward_denom: 'wei',
  mature_epoch: 2016n,
  mining_reward_params: DEFAULT_MINING_REWARD_PARAMS,
  community_tax: Dec.fromString('0.02').raw,
  // spec part 2 "Pot parameters" shows 4·10^26 wei (the chain source default is 10^26; the spec wins)
  initial_total_supply: wei(400_000_000n * STOS),
});

export const BP_DENOMINATOR = 10000n;

/** `Params.Validate` (§3.2): each failure is a pot sentinel, wrapped with the detail. */
export function validatePotParams(p: PotParams): void {
  if (!isValidDenom(p.bond_denom)) throw PotErrors.InvalidDenom.wrap(`invalid bond denom: ${p.bond_denom}`);
  if (!isValidDenom(p.reward_denom)) throw PotErrors.InvalidDenom.wrap(`invalid reward denom: ${p.reward_denom}`);
  if (p.mature_epoch <= 0n) throw PotErrors.MatureEpoch.wrap(`mature epoch must be positive: ${p.mature_epoch}`);
  for (const t of p.mining_reward_params) {
    const sum = t.block_chain_percentage_in_bp + t.resource_node_percentage_in_bp + t.meta_node_percentage_in_bp;
    if (sum !== BP_DENOMINATOR) throw PotErrors.MiningRewardParams.wrap(`sum of the percentages in bp must be ${BP_DENOMINATOR}, got ${sum}`);
  }
  if (p.community_tax < 0n || p.community_tax > Dec.ONE.raw) {
    throw PotErrors.CommunityTax.wrap(`community tax must be between 0 and 1: ${Dec.fromRaw(p.community_tax).toString()}`);
  }
  if (p.initial_total_supply.amount < 0n) throw PotErrors.InitialTotalSupply.wrap(`initial total supply must not be negative: ${p.initial_total_supply.amount}`);
}

/**
 * `GetMiningRewardParamByMinedToken` (§3.2): the first tier with start ≤ mined < end; when none
 * matches, the last tier and `outOfIssuance: true`.
 */
export function tierForMinedTokens(p: PotParams, mined: bigint): { tier: MiningRewardParam; outOfIssuance: boolean } {
  for (const t of p.mining_reward_params) {
    if (t.total_mined_valve_start.amount <= mined && mined < t.total_mined_valve_end.amount) return { tier: t, outOfIssuance: false };
  }
  const last = p.mining_reward_params[p.mining_reward_params.length - 1];
  if (!last) throw PotErrors.MiningRewardParams.wrap('no mining reward tier configured');
  return { tier: last, outOfIssuance: true };
}

/** `GetTotalMining`: the end of the last tier. */
export function totalMining(p: PotParams): bigint {
  const last = p.mining_reward_params[p.mining_reward_params.length - 1];
  return last ? last.total_mined_valve_end.amount : 0n;
}

// ------------------------------------------------------------------ proto form

export interface ProtoCoin {
  readonly denom: string;
  readonly amount: string;
}

export interface ProtoMiningRewardParam {
  readonly total_mined_valve_start: ProtoCoin;
  readonly total_mined_valve_end: ProtoCoin;
  readonly mining_reward: ProtoCoin;
  readonly block_chain_percentage_in_bp: string;
  readonly resource_node_percentage_in_bp: string;
  readonly meta_node_percentage_in_bp: string;
}

export interface ProtoPotParams {
  readonly bond_denom: string;
  readonly reward_denom: string;
  readonly mature_epoch: bigint;
  readonly mining_reward_params: readonly ProtoMiningRewardParam[];
  /** 18-place decimal text, e.g. `0.020000000000000000` */
  readonly community_tax: string;
  readonly initial_total_supply: ProtoCoin;
}

const coinToProto = (c: PotCoin): ProtoCoin => ({ denom: c.denom, amount: c.amount.toString() });

function coinFromProto(c: ProtoCoin | null | undefined, field: string): PotCoin {
  if (!c) return { denom: '', amount: 0n };
  if (!/^-?[0-9]+$/.test(c.amount)) throw new Error(`pot params: ${field}.amount must be an integer string, got ${JSON.stringify(c.amount)}`);
  return { denom: c.denom, amount: BigInt(c.amount) };
}

function intFromText(s: string | number | bigint, field: string): bigint {
  const t = String(s);
  if (!/^-?[0-9]+$/.test(t)) throw new Error(`pot params: ${field} must be an integer, got ${JSON.stringify(s)}`);
  return BigInt(t);
}

export function potParamsToProto(p: PotParams): ProtoPotParams {
  return {
    bond_denom: p.bond_denom,
    reward_denom: p.reward_denom,
    mature_epoch: p.mature_epoch,
    mining_reward_params: p.mining_reward_params.map((t) => ({
      total_mined_valve_start: coinToProto(t.total_mined_valve_start),
      total_mined_valve_end: coinToProto(t.total_mined_valve_end),
      mining_reward: coinToProto(t.mining_reward),
      block_chain_percentage_in_bp: t.block_chain_percentage_in_bp.toString(),
      resource_node_percentage_in_bp: t.resource_node_percentage_in_bp.toString(),
      meta_node_percentage_in_bp: t.meta_node_percentage_in_bp.toString(),
    })),
    community_tax: Dec.fromRaw(p.community_tax).toString(),
    initial_total_supply: coinToProto(p.initial_total_supply),
  };
}

/** From the proto or genesis-JSON form (mature_epoch may be a string there). Throws Error naming the field. */
export function potParamsFromProto(p: Record<string, any>): PotParams {
  const tiers = (p.mining_reward_params ?? []) as ProtoMiningRewardParam[];
  return {
    bond_denom: String(p.bond_denom ?? ''),
    reward_denom: String(p.reward_denom ?? ''),
    mature_epoch: intFromText(p.mature_epoch ?? 0, 'mature_epoch'),
    mining_reward_params: tiers.map((t, i) => ({
      total_mined_valve_start: coinFromProto(t.total_mined_valve_start, `mining_reward_params[${i}].total_mined_valve_start`),
      total_mined_valve_end: coinFromProto(t.total_mined_valve_end, `mining_reward_params[${i}].total_mined_valve_end`),
      mining_reward: coinFromProto(t.mining_reward, `mining_reward_params[${i}].mining_reward`),
      block_chain_percentage_in_bp: intFromText(t.block_chain_percentage_in_bp ?? '0', `mining_reward_params[${i}].block_chain_percentage_in_bp`),
      resource_node_percentage_in_bp: intFromText(t.resource_node_percentage_in_bp ?? '0', `mining_reward_params[${i}].resource_node_percentage_in_bp`),
      meta_node_percentage_in_bp: intFromText(t.meta_node_percentage_in_bp ?? '0', `mining_reward_params[${i}].meta_node_percentage_in_bp`),
    })),
    community_tax: Dec.fromString(String(p.community_tax ?? '0')).raw,
    initial_total_supply: coinFromProto(p.initial_total_supply, 'initial_total_supply'),
  };
}
