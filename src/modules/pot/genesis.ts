/**
 * Pot genesis in its proto-JSON shape (`app_state.pot`, reference/chain-semantics.md §3.12).
 * ValidateGenesis of the chain accepts anything; here only shapes are checked (naming the field),
 * so that a malformed document fails with a precise message instead of a crash. InitGenesis places
 * every imported individual reward at `last_distributed_epoch + mature_epoch` and refuses a bank
 * supply above `initial_total_supply` (the chain panics).
 */
import type { Draft } from 'immer';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { shardEntries } from '../../state/sharded.ts';
import { hexToBech32 } from '../../crypto/address.ts';
import { DEFAULT_POT_PARAMS, potParamsFromProto, potParamsToProto, validatePotParams, type ProtoCoin, type ProtoPotParams } from './params.ts';
import { amountsAdd, amountsToProto, emptyPotState, setImmatureTotal, setMatureTotal, setTotalReward, totalRewardsByEpoch, walletKey, type Amounts, type RewardRecord } from './state.ts';

export interface JsonTotalInfo {
  readonly wallet_address: string;
  readonly value: readonly ProtoCoin[];
}

export interface JsonReward {
  readonly wallet_address: string;
  readonly reward_from_mining_pool: readonly ProtoCoin[];
  readonly reward_from_traffic_pool: readonly ProtoCoin[];
}

export interface JsonRewardTotalInfo {
  readonly epoch: string;
  readonly total_reward: { readonly mining_reward: readonly ProtoCoin[]; readonly traffic_reward: readonly ProtoCoin[] };
}

export interface PotGenesis {
  readonly params: ProtoPotParams | Record<string, unknown>;
  readonly total_mined_token: ProtoCoin;
  readonly last_distributed_epoch: string;
  readonly immature_total_info: readonly JsonTotalInfo[];
  readonly mature_total_info: readonly JsonTotalInfo[];
  readonly individual_reward_info: readonly JsonReward[];
  readonly matured_epoch: string;
  readonly reward_total_info: readonly JsonRewardTotalInfo[];
}

/** Proto-JSON params: int64 as strings. */
function paramsJson(): Record<string, unknown> {
  const p = potParamsToProto(DEFAULT_POT_PARAMS);
  return { ...p, mature_epoch: p.mature_epoch.toString() };
}

export function defaultPotGenesis(): PotGenesis {
  return {
    params: paramsJson(),
    total_mined_token: { denom: 'wei', amount: '0' },
    last_distributed_epoch: '0',
    immature_total_info: [],
    mature_total_info: [],
    individual_reward_info: [],
    matured_epoch: '0',
    reward_total_info: [],
  };
}

function intAt(v: unknown, where: string): bigint {
  const t = v === undefined || v === null ? '0' : String(v);
  if (!/^-?[0-9]+$/.test(t)) throw new Error(`pot genesis: ${where} must be an integer string, got ${JSON.stringify(v)}`);
  return BigInt(t);
}

function amountsAt(list: readonly ProtoCoin[] | undefined, where: string): Amounts {
  let out: Amounts = {};
  (list ?? []).forEach((c, i) => {
    out = amountsAdd(out, { [c.denom]: intAt(c.amount, `${where}[${i}].amount`) });
  });
  return out;
}

function walletAt(text: string, where: string): string {
  try {
    return walletKey(text);
  } catch (e) {
    throw new Error(`pot genesis: ${where} is not a valid st1… address (${JSON.stringify(text)}): ${(e as Error).message}`);
  }
}

export function validatePotGenesis(g: PotGenesis): void {
  potParamsFromProto((g.params ?? {}) as Record<string, unknown>);
  intAt(g.total_mined_token?.amount, 'total_mined_token.amount');
  intAt(g.last_distributed_epoch, 'last_distributed_epoch');
  intAt(g.matured_epoch, 'matured_epoch');
  (g.immature_total_info ?? []).forEach((t, i) => walletAt(t.wallet_address, `immature_total_info[${i}].wallet_address`));
  (g.mature_total_info ?? []).forEach((t, i) => walletAt(t.wallet_address, `mature_total_info[${i}].wallet_address`));
  (g.individual_reward_info ?? []).forEach((r, i) => walletAt(r.wallet_address, `individual_reward_info[${i}].wallet_address`));
}

export function initPotGenesis(draft: Draft<AppState>, g: PotGenesis, _ctx: Ctx): void {
  const params = potParamsFromProto((g.params ?? {}) as Record<string, unknown>);
  validatePotParams(params);
  const pot = emptyPotState();
  const last = intAt(g.last_distributed_epoch, 'last_distributed_epoch');
  Object.assign(draft.pot, {
    ...pot,
    params,
    total_mined_tokens: intAt(g.total_mined_token?.amount, 'total_mined_token.amount'),
    last_distributed_epoch: last,
    matured_epoch: intAt(g.matured_epoch, 'matured_epoch'),
  });
  (g.immature_total_info ?? []).forEach((t, i) => setImmatureTotal(draft, walletAt(t.wallet_address, `immature_total_info[${i}]`), amountsAt(t.value, `immature_total_info[${i}].value`)));
  (g.mature_total_info ?? []).forEach((t, i) => setMatureTotal(draft, walletAt(t.wallet_address, `mature_total_info[${i}]`), amountsAt(t.value, `mature_total_info[${i}].value`)));
  const bucket: Record<string, RewardRecord> = {};
  (g.individual_reward_info ?? []).forEach((r, i) => {
    const key = walletAt(r.wallet_address, `individual_reward_info[${i}].wallet_address`);
    bucket[key] = {
      wallet_address: r.wallet_address,
      reward_from_mining_pool: amountsAt(r.reward_from_mining_pool, `individual_reward_info[${i}].reward_from_mining_pool`),
      reward_from_traffic_pool: amountsAt(r.reward_from_traffic_pool, `individual_reward_info[${i}].reward_from_traffic_pool`),
    };
  });
  if (Object.keys(bucket).length > 0) (draft.pot.individual_rewards as Record<string, unknown>)[(last + params.mature_epoch).toString()] = bucket;
  (g.reward_total_info ?? []).forEach((t, i) => {
    setTotalReward(draft, intAt(t.epoch, `reward_total_info[${i}].epoch`), {
      mining_reward: amountsAt(t.total_reward?.mining_reward, `reward_total_info[${i}].total_reward.mining_reward`),
      traffic_reward: amountsAt(t.total_reward?.traffic_reward, `reward_total_info[${i}].total_reward.traffic_reward`),
    });
  });
  const supply = draft.bank.supply[params.bond_denom] ?? 0n;
  if (supply > params.initial_total_supply.amount) {
    throw new Error(`pot genesis: bank supply ${supply}${params.bond_denom} is greater than params.initial_total_supply ${params.initial_total_supply.amount}${params.initial_total_supply.denom}`);
  }
}

/**
 * ExportGenesis (§3.12). [QUIRK] Each immature total is also exported as an individual reward of
 * `{mining: amountOf(reward_denom), traffic: amountOf(bond_denom)}`, which doubles it on re-import
 * when both denoms are `wei`; the real chain does the same (docs/quirks.md).
 */
export function exportPotGenesis(state: AppState): PotGenesis {
  const p = state.pot.params;
  const totals = (s: typeof state.pot.mature_total): JsonTotalInfo[] =>
    [...shardEntries(s)].map(([k, v]) => ({ wallet_address: hexToBech32(k), value: amountsToProto(v) }));
  const immature = [...shardEntries(state.pot.immature_total)];
  const proto = potParamsToProto(p);
  return {
    params: { ...proto, mature_epoch: proto.mature_epoch.toString() },
    total_mined_token: { denom: p.reward_denom, amount: state.pot.total_mined_tokens.toString() },
    last_distributed_epoch: state.pot.last_distributed_epoch.toString(),
    immature_total_info: totals(state.pot.immature_total),
    mature_total_info: totals(state.pot.mature_total),
    individual_reward_info: immature
      .filter(([, v]) => Object.keys(v).length > 0)
      .map(([k, v]) => ({
        wallet_address: hexToBech32(k),
        reward_from_mining_pool: amountsToProto(v[p.reward_denom] ? { [p.reward_denom]: v[p.reward_denom]! } : {}),
        reward_from_traffic_pool: amountsToProto(v[p.bond_denom] ? { [p.bond_denom]: v[p.bond_denom]! } : {}),
      })),
    matured_epoch: state.pot.matured_epoch.toString(),
    reward_total_info: totalRewardsByEpoch(state).map(([e, rec]) => ({
      epoch: e.toString(),
      total_reward: { mining_reward: amountsToProto(rec.mining_reward), traffic_reward: amountsToProto(rec.traffic_reward) },
    })),
  };
}
