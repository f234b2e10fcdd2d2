/**
 * Query service `sdk.staking.v1beta1.Query` (reference/sdk-modules.md §2.2, pagination §1.4):
 * responses are the proto objects (Int as text, Dec as 18-place text, Timestamp as {seconds, nanos},
 * the consensus pubkey as Any); errors are the gRPC statuses the SDK's handlers return (a plain Go
 * error such as a bech32 failure is code 2, Unknown).
 */
import { GrpcCode, QueryError } from '../../errors.ts';
import type { Codec } from '../../codec/registry.ts';
import { parseProtoJson } from '../../codec/proto-json.ts';
import { Hrp, sdkAddressFromBech32 } from '../../crypto/address.ts';
import { Dec } from '../../math/dec.ts';
import type { AppState } from '../../state/app-state.ts';
import { timeNsToTimestamp } from '../../state/block-info.ts';
import type { QuerySpec } from '../../state/module.ts';
import { paginateInternal, type PageRequest } from '../../state/pagination.ts';
import { shardEntriesWithPrefix, shardValues } from '../../state/sharded.ts';
import { BOND_STATUS_NAMES } from './genesis.ts';
import { getHistoricalInfo } from './historical-info.ts';
import { paramsToProto } from './params.ts';
import { BONDED_POOL, NOT_BONDED_POOL, poolBalance } from './pools.ts';
import { tokensFromShares } from './shares.ts';
import type { DelegationRecord, RedelegationRecord, UnbondingDelegationRecord, ValidatorRecord } from './state.ts';
import { accHexOf, delegationAt, redelegationAt, unbondingDelegationAt, validatorAt, valHexOf } from './store.ts';
import { StakingErrors } from './errors.ts';

const S = 'sdk.staking.v1beta1';

/** The proto `Validator` of a record. */
export function validatorProto(codec: Codec, v: ValidatorRecord) {
  return {
    operator_address: v.operator_address,
    consensus_pubkey: { type_url: codec.typeUrl(v.consensus_pubkey.type_url), value: codec.encode(v.consensus_pubkey.type_url, { key: Buffer.from(v.consensus_pubkey.key, 'base64') }) },
    jailed: v.jailed,
    status: v.status,
    tokens: v.tokens.toString(),
    delegator_shares: Dec.fromRaw(v.delegator_shares).toString(),
    description: { ...v.description },
    unbonding_height: v.unbonding_height,
    unbonding_time: timeNsToTimestamp(v.unbonding_time),
    commission: {
      commission_rates: {
        rate: Dec.fromRaw(v.commission.rate).toString(),
        max_rate: Dec.fromRaw(v.commission.max_rate).toString(),
        max_change_rate: Dec.fromRaw(v.commission.max_change_rate).toString(),
      },
      update_time: timeNsToTimestamp(v.commission.update_time),
    },
    min_self_delegation: v.min_self_delegation.toString(),
    unbonding_on_hold_ref_count: v.unbonding_on_hold_ref_count,
    unbonding_ids: [...v.unbonding_ids],
  };
}

/** `DelegationToDelegationResponse`: balance = floor(shares × tokens / delegator_shares). */
function delegationResponse(state: AppState, d: DelegationRecord) {
  const v = validatorAt(state, valHexOf(d.validator_address));
  if (!v) throw new QueryError(GrpcCode.Internal, StakingErrors.NoValidatorFound.text);
  return {
    delegation: { delegator_address: d.delegator_address, validator_address: d.validator_address, shares: Dec.fromRaw(d.shares).toString() },
    balance: { denom: state.staking.params.bond_denom, amount: Dec.fromRaw(tokensFromShares(v, d.shares)).truncateInt().toString() },
  };
}

function unbondingProto(u: UnbondingDelegationRecord) {
  return {
    delegator_address: u.delegator_address,
    validator_address: u.validator_address,
    entries: u.entries.map((e) => ({
      creation_height: e.creation_height,
      completion_time: timeNsToTimestamp(e.completion_time),
      initial_balance: e.initial_balance.toString(),
      balance: e.balance.toString(),
      unbonding_id: e.unbonding_id,
      unbonding_on_hold_ref_count: e.unbonding_on_hold_ref_count,
    })),
  };
}

/** `RedelegationsToRedelegationResponses`: entries with their balance at the destination; `redelegation.entries` left empty ([QUIRK], §1.1). */
function redelegationResponse(state: AppState, r: RedelegationRecord) {
  const dst = validatorAt(state, valHexOf(r.validator_dst_address));
  if (!dst) throw new QueryError(GrpcCode.Internal, StakingErrors.NoValidatorFound.text);
  return {
    redelegation: { delegator_address: r.delegator_address, validator_src_address: r.validator_src_address, validator_dst_address: r.validator_dst_address, entries: [] },
    entries: r.entries.map((e) => ({
      redelegation_entry: {
        creation_height: e.creation_height,
        completion_time: timeNsToTimestamp(e.completion_time),
        initial_balance: e.initial_balance.toString(),
        shares_dst: Dec.fromRaw(e.shares_dst).toString(),
        unbonding_id: e.unbonding_id,
        unbonding_on_hold_ref_count: e.unbonding_on_hold_ref_count,
      },
      balance: Dec.fromRaw(tokensFromShares(dst, e.shares_dst)).truncateInt().toString(),
    })),
  };
}

// ---------------------------------------------------------------- request checks

function requireNonEmpty(value: string, what: 'validator' | 'delegator'): void {
  if (value === '') throw QueryError.invalidArgument(`${what} address cannot be empty`);
}

/**
 * A bech32 failure as the SDK handler returns it: a plain error (gRPC Unknown with the Go text;
 * ErrInvalidRequest on the ABCI query path), or a status of `code` where the handler wraps it.
 */
function parsed(text: string, hrp: string, code?: number): string {
  try {
    return Buffer.from(sdkAddressFromBech32(text, hrp)).toString('hex');
  } catch (e) {
    throw code === undefined ? QueryError.plainError((e as Error).message) : new QueryError(code, (e as Error).message);
  }
}

/** `len‖bytes` of an address given as hex, the store-key form of next_key. */
function lenPrefixed(...hexes: string[]): Uint8Array {
  return Buffer.concat(hexes.map((h) => Buffer.concat([Buffer.from([h.length / 2]), Buffer.from(h, 'hex')])));
}

const page = paginateInternal;

const STATUS_FILTERS: Record<string, number> = { BOND_STATUS_BONDED: 3, BOND_STATUS_UNBONDED: 1, BOND_STATUS_UNBONDING: 2 };

function delegationsOf(state: AppState, delHex: string): DelegationRecord[] {
  return [...shardEntriesWithPrefix(state.staking.delegations, delHex)].map(([, d]) => d);
}

type Paged = { pagination?: PageRequest | null };

export const stakingQueries: QuerySpec[] = [
  {
    method: `${S}.Query/Validators`,
    requestType: `${S}.QueryValidatorsRequest`,
    responseType: `${S}.QueryValidatorsResponse`,
    run(state, req: { status: string } & Paged, { codec }) {
      const status = req.status ?? '';
      if (status !== '' && STATUS_FILTERS[status] === undefined) throw QueryError.invalidArgument(`invalid validator status ${status}`);
      const s = state.staking.validators;
      const items = Object.keys(s)
        .sort()
        .map((hex) => s[hex]!)
        .filter((v) => status === '' || v.status === STATUS_FILTERS[status]);
      const { page: vals, pagination } = page(items, (v) => lenPrefixed(valHexOf(v.operator_address)), req.pagination);
      return { validators: vals.map((v) => validatorProto(codec, v)), pagination };
    },
  },
  {
    method: `${S}.Query/Validator`,
    requestType: `${S}.QueryValidatorRequest`,
    responseType: `${S}.QueryValidatorResponse`,
    run(state, req: { validator_addr: string }, { codec }) {
      requireNonEmpty(req.validator_addr, 'validator');
      const v = validatorAt(state, parsed(req.validator_addr, Hrp.validator));
      if (!v) throw QueryError.notFound(`validator ${req.validator_addr} not found`);
      return { validator: validatorProto(codec, v) };
    },
  },
  {
    method: `${S}.Query/ValidatorDelegations`,
    requestType: `${S}.QueryValidatorDelegationsRequest`,
    responseType: `${S}.QueryValidatorDelegationsResponse`,
    run(state, req: { validator_addr: string } & Paged) {
      requireNonEmpty(req.validator_addr, 'validator');
      // [QUIRK] a scan of all delegations: a bad address fails only when there is one to compare
      const all = [...shardValues(state.staking.delegations)];
      const valHex = all.length > 0 ? parsed(req.validator_addr, Hrp.validator, GrpcCode.Internal) : '';
      const items = all.filter((d) => valHexOf(d.validator_address) === valHex);
      const { page: dels, pagination } = page(items, (d) => lenPrefixed(accHexOf(d.delegator_address), valHexOf(d.validator_address)), req.pagination);
      return { delegation_responses: dels.map((d) => delegationResponse(state, d)), pagination };
    },
  },
  {
    method: `${S}.Query/ValidatorUnbondingDelegations`,
    requestType: `${S}.QueryValidatorUnbondingDelegationsRequest`,
    responseType: `${S}.QueryValidatorUnbondingDelegationsResponse`,
    run(state, req: { validator_addr: string } & Paged) {
      requireNonEmpty(req.validator_addr, 'validator');
      const valHex = parsed(req.validator_addr, Hrp.validator);
      const items = [...shardValues(state.staking.unbonding_delegations)].filter((u) => valHexOf(u.validator_address) === valHex);
      const { page: ubds, pagination } = page(items, (u) => lenPrefixed(accHexOf(u.delegator_address)), req.pagination);
      return { unbonding_responses: ubds.map(unbondingProto), pagination };
    },
  },
  {
    method: `${S}.Query/Delegation`,
    requestType: `${S}.QueryDelegationRequest`,
    responseType: `${S}.QueryDelegationResponse`,
    run(state, req: { delegator_addr: string; validator_addr: string }) {
      requireNonEmpty(req.delegator_addr, 'delegator');
      requireNonEmpty(req.validator_addr, 'validator');
      const d = delegationAt(state, parsed(req.delegator_addr, Hrp.account), parsed(req.validator_addr, Hrp.validator));
      if (!d) throw QueryError.notFound(`delegation with delegator ${req.delegator_addr} not found for validator ${req.validator_addr}`);
      return { delegation_response: delegationResponse(state, d) };
    },
  },
  {
    method: `${S}.Query/UnbondingDelegation`,
    requestType: `${S}.QueryUnbondingDelegationRequest`,
    responseType: `${S}.QueryUnbondingDelegationResponse`,
    run(state, req: { delegator_addr: string; validator_addr: string }) {
      requireNonEmpty(req.delegator_addr, 'delegator');
      requireNonEmpty(req.validator_addr, 'validator');
      const u = unbondingDelegationAt(state, parsed(req.delegator_addr, Hrp.account), parsed(req.validator_addr, Hrp.validator));
      if (!u) throw QueryError.notFound(`unbonding delegation with delegator ${req.delegator_addr} not found for validator ${req.validator_addr}`);
      return { unbond: unbondingProto(u) };
    },
  },
  {
    method: `${S}.Query/DelegatorDelegations`,
    requestType: `${S}.QueryDelegatorDelegationsRequest`,
    responseType: `${S}.QueryDelegatorDelegationsResponse`,
    run(state, req: { delegator_addr: string } & Paged) {
      requireNonEmpty(req.delegator_addr, 'delegator');
      const delHex = parsed(req.delegator_addr, Hrp.account);
      const { page: dels, pagination } = page(delegationsOf(state, delHex), (d) => lenPrefixed(valHexOf(d.validator_address)), req.pagination);
      return { delegation_responses: dels.map((d) => delegationResponse(state, d)), pagination };
    },
  },
  {
    method: `${S}.Query/DelegatorUnbondingDelegations`,
    requestType: `${S}.QueryDelegatorUnbondingDelegationsRequest`,
    responseType: `${S}.QueryDelegatorUnbondingDelegationsResponse`,
    run(state, req: { delegator_addr: string } & Paged) {
      requireNonEmpty(req.delegator_addr, 'delegator');
      const delHex = parsed(req.delegator_addr, Hrp.account);
      const items = [...shardEntriesWithPrefix(state.staking.unbonding_delegations, delHex)].map(([, u]) => u);
      const { page: ubds, pagination } = page(items, (u) => lenPrefixed(valHexOf(u.validator_address)), req.pagination);
      return { unbonding_responses: ubds.map(unbondingProto), pagination };
    },
  },
  {
    method: `${S}.Query/Redelegations`,
    requestType: `${S}.QueryRedelegationsRequest`,
    responseType: `${S}.QueryRedelegationsResponse`,
    run(state, req: { delegator_addr: string; src_validator_addr: string; dst_validator_addr: string } & Paged) {
      const internal = (f: () => string) => {
        try {
          return f();
        } catch (e) {
          throw new QueryError(GrpcCode.Internal, (e as Error).message);
        }
      };
      const del = req.delegator_addr ?? '';
      const src = req.src_validator_addr ?? '';
      const dst = req.dst_validator_addr ?? '';
      if (del !== '' && src !== '' && dst !== '') {
        const delHex = internal(() => parsed(del, Hrp.account));
        const srcHex = internal(() => parsed(src, Hrp.validator));
        const dstHex = internal(() => parsed(dst, Hrp.validator));
        const r = redelegationAt(state, delHex, srcHex, dstHex);
        if (!r) throw new QueryError(GrpcCode.Internal, `rpc error: code = NotFound desc = redelegation not found for delegator address ${del} from validator address ${src}`);
        return { redelegation_responses: [redelegationResponse(state, r)], pagination: null };
      }
      if (del === '' && src !== '' && dst === '') {
        const srcHex = internal(() => parsed(src, Hrp.validator));
        const items = [...shardValues(state.staking.redelegations)].filter((r) => valHexOf(r.validator_src_address) === srcHex);
        const { page: reds, pagination } = page(items, (r) => lenPrefixed(accHexOf(r.delegator_address), valHexOf(r.validator_dst_address)), req.pagination);
        return { redelegation_responses: reds.map((r) => redelegationResponse(state, r)), pagination };
      }
      const delHex = internal(() => parsed(del, Hrp.account));
      const items = [...shardEntriesWithPrefix(state.staking.redelegations, delHex)].map(([, r]) => r);
      const { page: reds, pagination } = page(items, (r) => lenPrefixed(valHexOf(r.validator_src_address), valHexOf(r.validator_dst_address)), req.pagination);
      return { redelegation_responses: reds.map((r) => redelegationResponse(state, r)), pagination };
    },
  },
  {
    method: `${S}.Query/DelegatorValidators`,
    requestType: `${S}.QueryDelegatorValidatorsRequest`,
    responseType: `${S}.QueryDelegatorValidatorsResponse`,
    run(state, req: { delegator_addr: string } & Paged, { codec }) {
      requireNonEmpty(req.delegator_addr, 'delegator');
      const delHex = parsed(req.delegator_addr, Hrp.account);
      const { page: dels, pagination } = page(delegationsOf(state, delHex), (d) => lenPrefixed(valHexOf(d.validator_address)), req.pagination);
      const validators = dels.map((d) => {
        const v = validatorAt(state, valHexOf(d.validator_address));
        if (!v) throw new QueryError(GrpcCode.Internal, StakingErrors.NoValidatorFound.text);
        return validatorProto(codec, v);
      });
      return { validators, pagination };
    },
  },
  {
    method: `${S}.Query/DelegatorValidator`,
    requestType: `${S}.QueryDelegatorValidatorRequest`,
    responseType: `${S}.QueryDelegatorValidatorResponse`,
    run(state, req: { delegator_addr: string; validator_addr: string }, { codec }) {
      requireNonEmpty(req.delegator_addr, 'delegator');
      requireNonEmpty(req.validator_addr, 'validator');
      const delHex = parsed(req.delegator_addr, Hrp.account);
      const valHex = parsed(req.validator_addr, Hrp.validator);
      const v = validatorAt(state, valHex);
      if (!v) throw new QueryError(GrpcCode.Internal, StakingErrors.NoValidatorFound.text);
      if (!delegationAt(state, delHex, valHex)) throw new QueryError(GrpcCode.Internal, StakingErrors.NoDelegation.text);
      return { validator: validatorProto(codec, v) };
    },
  },
  {
    method: `${S}.Query/HistoricalInfo`,
    requestType: `${S}.QueryHistoricalInfoRequest`,
    responseType: `${S}.QueryHistoricalInfoResponse`,
    run(state, req: { height: bigint }, { codec }) {
      const height = BigInt(req.height ?? 0n);
      if (height < 0n) throw QueryError.invalidArgument('height cannot be negative');
      const hi = getHistoricalInfo(state, height);
      if (!hi) throw QueryError.notFound(`historical info for height ${height} not found`);
      return { hist: { header: parseProtoJson('consensus.types.Header', hi.header, { codec }), valset: hi.valset.map((v) => validatorProto(codec, v)) } };
    },
  },
  {
    method: `${S}.Query/Pool`,
    requestType: `${S}.QueryPoolRequest`,
    responseType: `${S}.QueryPoolResponse`,
    run(state) {
      return { pool: { not_bonded_tokens: poolBalance(state, NOT_BONDED_POOL).toString(), bonded_tokens: poolBalance(state, BONDED_POOL).toString() } };
    },
  },
  {
    method: `${S}.Query/Params`,
    requestType: `${S}.QueryParamsRequest`,
    responseType: `${S}.QueryParamsResponse`,
    run(state) {
      return { params: paramsToProto(state.staking.params) };
    },
  },
];

