/**
 * Staking genesis in the SDK's JSON shape (`app_state.staking`: params, last_total_power,
 * last_validator_powers, validators, delegations, unbonding_delegations, redelegations, exported):
 * ValidateGenesis, InitGenesis (hooks when not exported, the pool balance checks, the bonded set
 * handed to consensus) and ExportGenesis.
 */
import type { Draft } from 'immer';
import { addressFromBech32, consAddress, Hrp } from '../../crypto/address.ts';
import { validatorKeyAddressHex } from '../../crypto/ed25519.ts';
import { formatCoins, sortByDenom, type Coins } from '../../math/coins.ts';
import { Dec } from '../../math/dec.ts';
import type { AppState } from '../../state/app-state.ts';
import { formatTimeNs, parseTimeNs, type ValidatorUpdate } from '../../state/block-info.ts';
import type { Ctx } from '../../state/module.ts';
import { shardValues } from '../../state/sharded.ts';
import { moduleAccountAddress } from '../auth/account.ts';
import { ensureModuleAccount } from '../auth/state.ts';
import { balancesOf } from '../bank/state.ts';
import { CONSENSUS_PUBKEY_TYPE } from './create-validator-msg.ts';
import * as hooks from './hooks.ts';
import { DEFAULT_STAKING_PARAMS, paramsFromJson, paramsToJson, validateStakingParams, type JsonStakingParams } from './params.ts';
import { BONDED_POOL, NOT_BONDED_POOL } from './pools.ts';
import { BondStatus, consensusPower, type DelegationRecord, type RedelegationRecord, type UnbondingDelegationRecord, type ValidatorRecord } from './state.ts';
import { accHexOf, pushQueue, setDelegation, setRedelegation, setUnbondingDelegation, setValidator, valHexOf } from './store.ts';
import { applyAndReturnValidatorSetUpdates } from './validator-set.ts';

export const BOND_STATUS_NAMES = ['BOND_STATUS_UNSPECIFIED', 'BOND_STATUS_UNBONDED', 'BOND_STATUS_UNBONDING', 'BOND_STATUS_BONDED'] as const;

export interface JsonValidator {
  operator_address: string;
  consensus_pubkey: { '@type': string; key: string } | null;
  jailed: boolean;
  status: string | number;
  tokens: string;
  delegator_shares: string;
  description: { moniker?: string; identity?: string; website?: string; security_contact?: string; details?: string };
  unbonding_height: string;
  unbonding_time: string;
  commission: { commission_rates: { rate: string; max_rate: string; max_change_rate: string }; update_time: string };
  min_self_delegation: string;
  unbonding_on_hold_ref_count: string;
  unbonding_ids: string[];
}

export interface JsonDelegation {
  delegator_address: string;
  validator_address: string;
  shares: string;
}

export interface JsonUnbondingDelegation {
  delegator_address: string;
  validator_address: string;
  entries: { creation_height: string; completion_time: string; initial_balance: string; balance: string; unbonding_id: string; unbonding_on_hold_ref_count: string }[];
}

export interface JsonRedelegation {
  delegator_address: string;
  validator_src_address: string;
  validator_dst_address: string;
  entries: { creation_height: string; completion_time: string; initial_balance: string; shares_dst: string; unbonding_id: string; unbonding_on_hold_ref_count: string }[];
}

export interface StakingGenesis {
  params: JsonStakingParams;
  last_total_power: string;
  last_validator_powers: { address: string; power: string }[];
  validators: JsonValidator[];
  delegations: JsonDelegation[];
  unbonding_delegations: JsonUnbondingDelegation[];
  redelegations: JsonRedelegation[];
  exported: boolean;
}

const W = 'app_state.staking';

export function defaultStakingGenesis(): StakingGenesis {
  return {
    params: paramsToJson(DEFAULT_STAKING_PARAMS),
    last_total_power: '0',
    last_validator_powers: [],
    validators: [],
    delegations: [],
    unbonding_delegations: [],
    redelegations: [],
    exported: false,
  };
}

// ---------------------------------------------------------------- reading

function intAt(v: unknown, where: string): bigint {
  const s = typeof v === 'number' ? String(v) : v;
  if (typeof s !== 'string' || !/^-?\d+$/.test(s)) throw new Error(`${where}: expected an integer string, got ${JSON.stringify(v)}`);
  return BigInt(s);
}

function decAt(v: unknown, where: string): bigint {
  try {
    return Dec.fromString(String(v)).raw;
  } catch (e) {
    throw new Error(`${where}: ${(e as Error).message}`);
  }
}

function timeAt(v: unknown, where: string): bigint {
  try {
    return parseTimeNs(String(v));
  } catch (e) {
    throw new Error(`${where}: ${(e as Error).message}`);
  }
}

function addrAt(v: unknown, hrp: string, where: string): string {
  try {
    addressFromBech32(String(v), hrp);
    return String(v);
  } catch (e) {
    throw new Error(`${where}: invalid address ${JSON.stringify(v)}: ${(e as Error).message}`);
  }
}

function statusAt(v: unknown, where: string): number {
  if (typeof v === 'number' && v >= 0 && v <= 3) return v;
  const i = BOND_STATUS_NAMES.indexOf(v as (typeof BOND_STATUS_NAMES)[number]);
  if (i < 0) throw new Error(`${where}: expected a bond status (BOND_STATUS_BONDED, …), got ${JSON.stringify(v)}`);
  return i;
}

export function validatorFromJson(j: JsonValidator, where: string): ValidatorRecord {
  const pk = j.consensus_pubkey;
  if (!pk || typeof pk.key !== 'string' || !String(pk['@type']).endsWith('.crypto.ed25519.PubKey')) {
    throw new Error(`${where}.consensus_pubkey: expected an ed25519 pubkey {"@type": "/sdk.crypto.ed25519.PubKey", "key": <base64>}`);
  }
  const key = Buffer.from(pk.key, 'base64');
  if (key.length !== 32) throw new Error(`${where}.consensus_pubkey.key: expected 32 bytes, got ${key.length}`);
  const c = j.commission?.commission_rates;
  return {
    operator_address: addrAt(j.operator_address, Hrp.validator, `${where}.operator_address`),
    consensus_pubkey: { type_url: CONSENSUS_PUBKEY_TYPE, key: key.toString('base64') },
    cons_address: validatorKeyAddressHex(key),
    jailed: j.jailed === true,
    status: statusAt(j.status, `${where}.status`),
    tokens: intAt(j.tokens, `${where}.tokens`),
    delegator_shares: decAt(j.delegator_shares, `${where}.delegator_shares`),
    description: {
      moniker: j.description?.moniker ?? '',
      identity: j.description?.identity ?? '',
      website: j.description?.website ?? '',
      security_contact: j.description?.security_contact ?? '',
      details: j.description?.details ?? '',
    },
    unbonding_height: intAt(j.unbonding_height ?? '0', `${where}.unbonding_height`),
    unbonding_time: timeAt(j.unbonding_time ?? '1970-01-01T00:00:00Z', `${where}.unbonding_time`),
    commission: {
      rate: decAt(c?.rate, `${where}.commission.commission_rates.rate`),
      max_rate: decAt(c?.max_rate, `${where}.commission.commission_rates.max_rate`),
      max_change_rate: decAt(c?.max_change_rate, `${where}.commission.commission_rates.max_change_rate`),
      update_time: timeAt(j.commission?.update_time, `${where}.commission.update_time`),
    },
    min_self_delegation: intAt(j.min_self_delegation ?? '0', `${where}.min_self_delegation`),
    unbonding_on_hold_ref_count: intAt(j.unbonding_on_hold_ref_count ?? '0', `${where}.unbonding_on_hold_ref_count`),
    unbonding_ids: (j.unbonding_ids ?? []).map((id, i) => intAt(id, `${where}.unbonding_ids[${i}]`)),
  };
}

interface ParsedGenesis {
  params: ReturnType<typeof paramsFromJson>;
  lastTotalPower: bigint;
  lastPowers: { address: string; power: bigint }[];
  validators: ValidatorRecord[];
  delegations: DelegationRecord[];
  ubds: UnbondingDelegationRecord[];
  reds: RedelegationRecord[];
  exported: boolean;
}

function parse(g: StakingGenesis): ParsedGenesis {
  const d = defaultStakingGenesis();
  return {
    params: paramsFromJson(g.params ?? d.params),
    lastTotalPower: intAt(g.last_total_power ?? '0', `${W}.last_total_power`),
    lastPowers: (g.last_validator_powers ?? []).map((p, i) => ({
      address: addrAt(p.address, Hrp.validator, `${W}.last_validator_powers[${i}].address`),
      power: intAt(p.power, `${W}.last_validator_powers[${i}].power`),
    })),
    validators: (g.validators ?? []).map((v, i) => validatorFromJson(v, `${W}.validators[${i}]`)),
    delegations: (g.delegations ?? []).map((x, i) => ({
      delegator_address: addrAt(x.delegator_address, Hrp.account, `${W}.delegations[${i}].delegator_address`),
      validator_address: addrAt(x.validator_address, Hrp.validator, `${W}.delegations[${i}].validator_address`),
      shares: decAt(x.shares, `${W}.delegations[${i}].shares`),
    })),
    ubds: (g.unbonding_delegations ?? []).map((u, i) => ({
      delegator_address: addrAt(u.delegator_address, Hrp.account, `${W}.unbonding_delegations[${i}].delegator_address`),
      validator_address: addrAt(u.validator_address, Hrp.validator, `${W}.unbonding_delegations[${i}].validator_address`),
      entries: (u.entries ?? []).map((e, k) => {
        const at = `${W}.unbonding_delegations[${i}].entries[${k}]`;
        return {
          creation_height: intAt(e.creation_height, `${at}.creation_height`),
          completion_time: timeAt(e.completion_time, `${at}.completion_time`),
          initial_balance: intAt(e.initial_balance, `${at}.initial_balance`),
          balance: intAt(e.balance, `${at}.balance`),
          unbonding_id: intAt(e.unbonding_id ?? '0', `${at}.unbonding_id`),
          unbonding_on_hold_ref_count: intAt(e.unbonding_on_hold_ref_count ?? '0', `${at}.unbonding_on_hold_ref_count`),
        };
      }),
    })),
    reds: (g.redelegations ?? []).map((r, i) => ({
      delegator_address: addrAt(r.delegator_address, Hrp.account, `${W}.redelegations[${i}].delegator_address`),
      validator_src_address: addrAt(r.validator_src_address, Hrp.validator, `${W}.redelegations[${i}].validator_src_address`),
      validator_dst_address: addrAt(r.validator_dst_address, Hrp.validator, `${W}.redelegations[${i}].validator_dst_address`),
      entries: (r.entries ?? []).map((e, k) => {
        const at = `${W}.redelegations[${i}].entries[${k}]`;
        return {
          creation_height: intAt(e.creation_height, `${at}.creation_height`),
          completion_time: timeAt(e.completion_time, `${at}.completion_time`),
          initial_balance: intAt(e.initial_balance, `${at}.initial_balance`),
          shares_dst: decAt(e.shares_dst, `${at}.shares_dst`),
          unbonding_id: intAt(e.unbonding_id ?? '0', `${at}.unbonding_id`),
          unbonding_on_hold_ref_count: intAt(e.unbonding_on_hold_ref_count ?? '0', `${at}.unbonding_on_hold_ref_count`),
        };
      }),
    })),
    exported: g.exported === true,
  };
}

/** `ValidateGenesis`: the validators (no duplicate key, not bonded and jailed, shares unless unbonding), then the params. */
export function validateStakingGenesis(g: StakingGenesis): void {
  const p = parse(g);
  const seen = new Set<string>();
  for (const v of p.validators) {
    const cons = consAddress(Buffer.from(v.cons_address, 'hex'));
    if (seen.has(v.consensus_pubkey.key)) throw new Error(`duplicate validator in genesis state: moniker ${v.description.moniker}, address ${cons}`);
    if (v.jailed && v.status === BondStatus.BONDED) throw new Error(`validator is bonded and jailed in genesis state: moniker ${v.description.moniker}, address ${cons}`);
    if (v.delegator_shares === 0n && v.status !== BondStatus.UNBONDING) {
      throw new Error(`bonded/unbonded genesis validator cannot have zero delegator shares, validator: ${v.operator_address}`);
    }
    seen.add(v.consensus_pubkey.key);
  }
  try {
    validateStakingParams(p.params);
  } catch (e) {
    throw new Error(`${W}.params: ${(e as Error).message}`);
  }
}

function sameCoins(a: Coins, b: Coins): boolean {
  return formatCoins(sortByDenom(a)) === formatCoins(sortByDenom(b));
}

/**
 * `InitGenesis`. The unbonding id counter is not part of the SDK's genesis: it starts again at 0,
 * as on the real chain after an export and re-import.
 */
export function initStakingGenesis(draft: Draft<AppState>, g: StakingGenesis, ctx: Ctx): void {
  const p = parse(g);
  draft.staking.params = p.params;
  draft.staking.last_total_power = p.lastTotalPower;
  let bonded = 0n;
  let notBonded = 0n;
  for (const v of p.validators) {
    const hex = valHexOf(v.operator_address);
    setValidator(draft, v);
    (draft.staking.validator_by_cons as Record<string, string>)[v.cons_address] = hex;
    if (!p.exported) hooks.afterValidatorCreated(draft, v, ctx);
    if (v.status === BondStatus.UNBONDING) (draft.staking.unbonding_validators as Record<string, true>)[hex] = true;
    if (v.status === BondStatus.BONDED) bonded += v.tokens;
    else if (v.status === BondStatus.UNBONDING || v.status === BondStatus.UNBONDED) notBonded += v.tokens;
    else throw new Error('invalid validator status');
  }
  for (const d of p.delegations) {
    if (!p.exported) hooks.beforeDelegationCreated(draft, d.delegator_address, d.validator_address, ctx);
    setDelegation(draft, d);
    if (!p.exported) hooks.afterDelegationModified(draft, d.delegator_address, d.validator_address, ctx);
  }
  for (const u of p.ubds) {
    setUnbondingDelegation(draft, u);
    for (const e of u.entries) {
      pushQueue(draft.staking.unbonding_queue, e.completion_time, accHexOf(u.delegator_address) + valHexOf(u.validator_address));
      notBonded += e.balance;
    }
  }
  for (const r of p.reds) {
    setRedelegation(draft, r);
    for (const e of r.entries) {
      pushQueue(draft.staking.redelegation_queue, e.completion_time, accHexOf(r.delegator_address) + valHexOf(r.validator_src_address) + valHexOf(r.validator_dst_address));
    }
  }
  const denom = p.params.bond_denom;
  const coinsOf = (amount: bigint): Coins => (amount > 0n ? [{ denom, amount }] : []);
  ensureModuleAccount(draft, BONDED_POOL);
  ensureModuleAccount(draft, NOT_BONDED_POOL);
  const bondedBalance = balancesOf(draft as AppState, moduleAccountAddress(BONDED_POOL));
  if (!sameCoins(bondedBalance, coinsOf(bonded))) {
    throw new Error(`bonded pool balance is different from bonded coins: ${formatCoins(bondedBalance)} <-> ${formatCoins(coinsOf(bonded))}`);
  }
  const notBondedBalance = balancesOf(draft as AppState, moduleAccountAddress(NOT_BONDED_POOL));
  if (!sameCoins(notBondedBalance, coinsOf(notBonded))) {
    throw new Error(`not bonded pool balance is different from not bonded coins: ${formatCoins(notBondedBalance)} <-> ${formatCoins(coinsOf(notBonded))}`);
  }
  let updates: ValidatorUpdate[];
  if (p.exported) {
    updates = [];
    for (const lv of p.lastPowers) {
      const hex = valHexOf(lv.address);
      (draft.staking.last_validator_powers as Record<string, bigint>)[hex] = lv.power;
      const v = draft.staking.validators[hex];
      if (!v) throw new Error(`validator ${lv.address} not found`);
      updates.push({ pubKey: v.consensus_pubkey.key, power: lv.power });
    }
  } else {
    updates = applyAndReturnValidatorSetUpdates(draft, ctx);
  }
  ctx.setValidatorUpdates?.(updates);
}

// ---------------------------------------------------------------- export

export function validatorToJson(v: ValidatorRecord): JsonValidator {
  return {
    operator_address: v.operator_address,
    consensus_pubkey: { '@type': `/${CONSENSUS_PUBKEY_TYPE}`, key: v.consensus_pubkey.key },
    jailed: v.jailed,
    status: BOND_STATUS_NAMES[v.status]!,
    tokens: v.tokens.toString(),
    delegator_shares: Dec.fromRaw(v.delegator_shares).toString(),
    description: { ...v.description },
    unbonding_height: v.unbonding_height.toString(),
    unbonding_time: formatTimeNs(v.unbonding_time),
    commission: {
      commission_rates: {
        rate: Dec.fromRaw(v.commission.rate).toString(),
        max_rate: Dec.fromRaw(v.commission.max_rate).toString(),
        max_change_rate: Dec.fromRaw(v.commission.max_change_rate).toString(),
      },
      update_time: formatTimeNs(v.commission.update_time),
    },
    min_self_delegation: v.min_self_delegation.toString(),
    unbonding_on_hold_ref_count: v.unbonding_on_hold_ref_count.toString(),
    unbonding_ids: v.unbonding_ids.map(String),
  };
}

/** `ExportGenesis`: every collection in store order, `exported: true`. */
export function exportStakingGenesis(state: AppState): StakingGenesis {
  const s = state.staking;
  const hexes = Object.keys(s.validators).sort();
  return {
    params: paramsToJson(s.params),
    last_total_power: s.last_total_power.toString(),
    last_validator_powers: Object.keys(s.last_validator_powers)
      .sort()
      .map((hex) => ({ address: s.validators[hex]!.operator_address, power: s.last_validator_powers[hex]!.toString() })),
    validators: hexes.map((hex) => validatorToJson(s.validators[hex]!)),
    delegations: [...shardValues(s.delegations)].map((d) => ({ delegator_address: d.delegator_address, validator_address: d.validator_address, shares: Dec.fromRaw(d.shares).toString() })),
    unbonding_delegations: [...shardValues(s.unbonding_delegations)].map((u) => ({
      delegator_address: u.delegator_address,
      validator_address: u.validator_address,
      entries: u.entries.map((e) => ({
        creation_height: e.creation_height.toString(),
        completion_time: formatTimeNs(e.completion_time),
        initial_balance: e.initial_balance.toString(),
        balance: e.balance.toString(),
        unbonding_id: e.unbonding_id.toString(),
        unbonding_on_hold_ref_count: e.unbonding_on_hold_ref_count.toString(),
      })),
    })),
    redelegations: [...shardValues(s.redelegations)].map((r) => ({
      delegator_address: r.delegator_address,
      validator_src_address: r.validator_src_address,
      validator_dst_address: r.validator_dst_address,
      entries: r.entries.map((e) => ({
        creation_height: e.creation_height.toString(),
        completion_time: formatTimeNs(e.completion_time),
        initial_balance: e.initial_balance.toString(),
        shares_dst: Dec.fromRaw(e.shares_dst).toString(),
        unbonding_id: e.unbonding_id.toString(),
        unbonding_on_hold_ref_count: e.unbonding_on_hold_ref_count.toString(),
      })),
    })),
    exported: true,
  };
}

/** A validator of the genesis file's `validators` list, as staking's `WriteValidators` gives it. */
export interface GenesisSetMember {
  /** base64 of the 32-byte ed25519 consensus key */
  readonly pubKey: string;
  readonly power: bigint;
  /** the moniker */
  readonly name: string;
}

/**
 * `WriteValidators`: the last bonded set (LastValidatorPower, in operator order), each with its
 * consensus power (0 unless bonded, as `GetConsensusPower` gives it) and moniker.
 */
export function writeValidators(state: AppState): GenesisSetMember[] {
  const s = state.staking;
  return Object.keys(s.last_validator_powers)
    .sort()
    .map((hex) => {
      const v = s.validators[hex]!;
      return { pubKey: v.consensus_pubkey.key, power: v.status === BondStatus.BONDED ? consensusPower(v.tokens) : 0n, name: v.description.moniker };
    });
}
