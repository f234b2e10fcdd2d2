/**
 * Distribution genesis in its proto-JSON shape (`app_state.distribution`, SDK v0.47
 * `distribution.v1beta1.GenesisState`): uint64 as strings, Decs as 18-place text. Export lists
 * records in the SDK store's key order (historical rewards and starting infos are sorted into it:
 * their trie keys lead with spread digits, state.ts). Shapes are checked, naming the field.
 */
import type { Draft } from 'immer';
import { consAddress, addressFromBech32, Hrp } from '../../crypto/address.ts';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { Dec } from '../../math/dec.ts';
import { newDecCoins, type DecCoins } from '../../math/dec-coins.ts';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { shardEntries, type Sharded } from '../../state/sharded.ts';
import { distributionParamsFromProto, distributionParamsToProto, DEFAULT_DISTRIBUTION_PARAMS, validateDistributionParams, type ProtoDistributionParams } from './params.ts';
import {
  accBech32,
  accHexOf,
  decCoinsJson,
  fromDecCoins,
  historicalKeyParts,
  lengthPrefixedHex,
  setCurrentRewards,
  setHistorical,
  setStartingInfo,
  setWithdrawAddress,
  slashKey,
  startingInfoKeyParts,
  toDecCoins,
  u64LeHex,
  valBech32,
  valHexOf,
  type SlashEventRecord,
} from './state.ts';

type JsonDecCoin = { readonly denom: string; readonly amount: string };

export interface DistributionGenesis {
  readonly params: ProtoDistributionParams;
  readonly fee_pool: { readonly community_pool: readonly JsonDecCoin[] };
  readonly delegator_withdraw_infos: readonly { delegator_address: string; withdraw_address: string }[];
  readonly previous_proposer: string;
  readonly outstanding_rewards: readonly { validator_address: string; outstanding_rewards: readonly JsonDecCoin[] }[];
  readonly validator_accumulated_commissions: readonly { validator_address: string; accumulated: { commission: readonly JsonDecCoin[] } }[];
  readonly validator_historical_rewards: readonly {
    validator_address: string;
    period: string;
    rewards: { cumulative_reward_ratio: readonly JsonDecCoin[]; reference_count: number };
  }[];
  readonly validator_current_rewards: readonly { validator_address: string; rewards: { rewards: readonly JsonDecCoin[]; period: string } }[];
  readonly delegator_starting_infos: readonly {
    delegator_address: string;
    validator_address: string;
    starting_info: { previous_period: string; stake: string; height: string };
  }[];
  readonly validator_slash_events: readonly {
    validator_address: string;
    height: string;
    period: string;
    validator_slash_event: { validator_period: string; fraction: string };
  }[];
}

export function defaultDistributionGenesis(): DistributionGenesis {
  return {
    params: distributionParamsToProto(DEFAULT_DISTRIBUTION_PARAMS),
    fee_pool: { community_pool: [] },
    delegator_withdraw_infos: [],
    previous_proposer: '',
    outstanding_rewards: [],
    validator_accumulated_commissions: [],
    validator_historical_rewards: [],
    validator_current_rewards: [],
    delegator_starting_infos: [],
    validator_slash_events: [],
  };
}

const fail = (where: string, why: string): never => {
  throw new Error(`distribution genesis: ${where} ${why}`);
};

function u64(v: unknown, where: string): bigint {
  const t = v === undefined || v === null ? '0' : String(v);
  if (!/^[0-9]+$/.test(t)) fail(where, `must be an unsigned integer string, got ${JSON.stringify(v)}`);
  return BigInt(t);
}

function dec(v: unknown, where: string): bigint {
  try {
    return Dec.fromString(String(v ?? '0')).raw;
  } catch (e) {
    return fail(where, `is not a decimal (${JSON.stringify(v)}): ${(e as Error).message}`);
  }
}

function decCoins(list: readonly JsonDecCoin[] | undefined, where: string): DecCoins {
  const coins = (list ?? []).map((c, i) => ({ denom: c.denom, amount: Dec.fromRaw(dec(c.amount, `${where}[${i}].amount`)) }));
  try {
    return newDecCoins(coins);
  } catch (e) {
    return fail(where, (e as Error).message);
  }
}

function val(text: string, where: string): string {
  try {
    return valHexOf(text);
  } catch (e) {
    return fail(where, `is not a valid stvaloper1… address (${JSON.stringify(text)}): ${(e as Error).message}`);
  }
}

function acc(text: string, where: string): string {
  try {
    return accHexOf(text);
  } catch (e) {
    return fail(where, `is not a valid st1… address (${JSON.stringify(text)}): ${(e as Error).message}`);
  }
}

export function validateDistributionGenesis(g: DistributionGenesis): void {
  try {
    validateDistributionParams(distributionParamsFromProto(g.params));
  } catch (e) {
    fail('params', (e as Error).message);
  }
  decCoins(g.fee_pool?.community_pool, 'fee_pool.community_pool');
}

export function initDistributionGenesis(draft: Draft<AppState>, g: DistributionGenesis, _ctx: Ctx): void {
  validateDistributionGenesis(g);
  const d = draft.distribution as unknown as Record<string, any>;
  draft.distribution.params = distributionParamsFromProto(g.params);
  d.community_pool = fromDecCoins(decCoins(g.fee_pool?.community_pool, 'fee_pool.community_pool'));
  (g.delegator_withdraw_infos ?? []).forEach((w, i) => {
    acc(w.delegator_address, `delegator_withdraw_infos[${i}].delegator_address`);
    acc(w.withdraw_address, `delegator_withdraw_infos[${i}].withdraw_address`);
    setWithdrawAddress(draft, w.delegator_address, w.withdraw_address);
  });
  if (g.previous_proposer) {
    try {
      d.previous_proposer = bytesToHex(addressFromBech32(g.previous_proposer, Hrp.consensus)).toUpperCase();
    } catch (e) {
      fail('previous_proposer', `is not a valid consensus address: ${(e as Error).message}`);
    }
  }
  (g.outstanding_rewards ?? []).forEach((r, i) => {
    d.outstanding_rewards[val(r.validator_address, `outstanding_rewards[${i}].validator_address`)] = fromDecCoins(
      decCoins(r.outstanding_rewards, `outstanding_rewards[${i}].outstanding_rewards`),
    );
  });
  (g.validator_accumulated_commissions ?? []).forEach((r, i) => {
    d.accumulated_commission[val(r.validator_address, `validator_accumulated_commissions[${i}].validator_address`)] = fromDecCoins(
      decCoins(r.accumulated?.commission, `validator_accumulated_commissions[${i}].accumulated.commission`),
    );
  });
  (g.validator_historical_rewards ?? []).forEach((r, i) => {
    const w = `validator_historical_rewards[${i}]`;
    setHistorical(
      draft,
      val(r.validator_address, `${w}.validator_address`),
      u64(r.period, `${w}.period`),
      decCoins(r.rewards?.cumulative_reward_ratio, `${w}.rewards.cumulative_reward_ratio`),
      Number(u64(r.rewards?.reference_count, `${w}.rewards.reference_count`)),
    );
  });
  (g.validator_current_rewards ?? []).forEach((r, i) => {
    const w = `validator_current_rewards[${i}]`;
    setCurrentRewards(draft, val(r.validator_address, `${w}.validator_address`), decCoins(r.rewards?.rewards, `${w}.rewards.rewards`), u64(r.rewards?.period, `${w}.rewards.period`));
  });
  (g.delegator_starting_infos ?? []).forEach((r, i) => {
    const w = `delegator_starting_infos[${i}]`;
    setStartingInfo(draft, val(r.validator_address, `${w}.validator_address`), acc(r.delegator_address, `${w}.delegator_address`), {
      previous_period: u64(r.starting_info?.previous_period, `${w}.starting_info.previous_period`),
      stake: dec(r.starting_info?.stake, `${w}.starting_info.stake`),
      height: u64(r.starting_info?.height, `${w}.starting_info.height`),
    });
  });
  (g.validator_slash_events ?? []).forEach((r, i) => {
    const w = `validator_slash_events[${i}]`;
    const valHex = val(r.validator_address, `${w}.validator_address`);
    const event: SlashEventRecord = {
      validator_period: u64(r.validator_slash_event?.validator_period, `${w}.validator_slash_event.validator_period`),
      fraction: dec(r.validator_slash_event?.fraction, `${w}.validator_slash_event.fraction`),
    };
    d.slash_events[valHex] = { ...(d.slash_events[valHex] ?? {}), [slashKey(u64(r.height, `${w}.height`), u64(r.period, `${w}.period`))]: event };
  });
}

const sortedKeys = (o: Readonly<Record<string, unknown>>) => Object.keys(o).sort();

/**
 * A trie's entries in the SDK store's order (the tries' keys lead with spread digits, state.ts):
 * each key's parts, sorted by `storeKey` (the SDK's key in hex, without its prefix byte), then
 * mapped.
 */
function inStoreOrder<P, V, R>(trie: Sharded<V>, partsOf: (key: string) => P, storeKey: (parts: P) => string, row: (parts: P, value: V) => R): R[] {
  const entries = [...shardEntries(trie)].map(([k, value]) => {
    const parts = partsOf(k);
    return { sortKey: storeKey(parts), parts, value };
  });
  entries.sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
  return entries.map((e) => row(e.parts, e.value));
}

export function exportDistributionGenesis(state: AppState): DistributionGenesis {
  const d = state.distribution;
  return {
    params: distributionParamsToProto(d.params),
    fee_pool: { community_pool: decCoinsJson(toDecCoins(d.community_pool)) },
    delegator_withdraw_infos: [...shardEntries(d.withdraw_addrs)].map(([k, w]) => ({ delegator_address: accBech32(k), withdraw_address: w })),
    previous_proposer: d.previous_proposer ? consAddress(hexToBytes(d.previous_proposer.toLowerCase())) : '',
    outstanding_rewards: sortedKeys(d.outstanding_rewards).map((k) => ({
      validator_address: valBech32(k),
      outstanding_rewards: decCoinsJson(toDecCoins(d.outstanding_rewards[k])),
    })),
    validator_accumulated_commissions: sortedKeys(d.accumulated_commission).map((k) => ({
      validator_address: valBech32(k),
      accumulated: { commission: decCoinsJson(toDecCoins(d.accumulated_commission[k])) },
    })),
    validator_historical_rewards: inStoreOrder(d.historical_rewards, historicalKeyParts, ({ valHex, period }) => lengthPrefixedHex(valHex) + u64LeHex(period),
      ({ valHex, period }, h) => ({
        validator_address: valBech32(valHex),
        period: period.toString(),
        rewards: { cumulative_reward_ratio: decCoinsJson(toDecCoins(h.cumulative_reward_ratio)), reference_count: h.reference_count },
      }),
    ),
    validator_current_rewards: sortedKeys(d.current_rewards).map((k) => ({
      validator_address: valBech32(k),
      rewards: { rewards: decCoinsJson(toDecCoins(d.current_rewards[k]!.rewards)), period: d.current_rewards[k]!.period.toString() },
    })),
    delegator_starting_infos: inStoreOrder(d.starting_infos, startingInfoKeyParts, ({ valHex, delHex }) => lengthPrefixedHex(valHex) + lengthPrefixedHex(delHex),
      ({ valHex, delHex }, s) => ({
        delegator_address: accBech32(delHex),
        validator_address: valBech32(valHex),
        starting_info: { previous_period: s.previous_period.toString(), stake: Dec.fromRaw(s.stake).toString(), height: s.height.toString() },
      }),
    ),
    validator_slash_events: sortedKeys(d.slash_events).flatMap((v) =>
      sortedKeys(d.slash_events[v]!).map((k) => {
        const e = d.slash_events[v]![k]!;
        return {
          validator_address: valBech32(v),
          height: BigInt('0x' + k.slice(0, 16)).toString(),
          period: BigInt('0x' + k.slice(16)).toString(),
          validator_slash_event: { validator_period: e.validator_period.toString(), fraction: Dec.fromRaw(e.fraction).toString() },
        };
      }),
    ),
  };
}
