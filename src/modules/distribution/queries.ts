/**
 * Query service `sdk.distribution.v1beta1.Query` (reference/sdk-modules.md §4.3; cosmos-sdk v0.47
 * x/distribution/keeper/grpc_query.go). DecCoin amounts are 18-place text; reward queries show
 * the decimal rewards up to now (IncrementValidatorPeriod + Calculate, not kept).
 */
import { hexToBytes } from '@noble/hashes/utils.js';
import { Hrp, sdkAddressProblem } from '../../crypto/address.ts';
import { GrpcCode, QueryError } from '../../errors.ts';
import { Dec } from '../../math/dec.ts';
import { decCoinsAdd, type DecCoins } from '../../math/dec-coins.ts';
import type { AppState } from '../../state/app-state.ts';
import type { QuerySpec } from '../../state/module.ts';
import { PageRefusal, paginate, type PageRequest } from '../../state/pagination.ts';
import { shardEntriesWithPrefix } from '../../state/sharded.ts';
import type { DelegationRecord } from '../staking/state.ts';
import { delegationOf, pendingDelegationRewards } from './delegation.ts';
import { DistributionErrors } from './errors.ts';
import { distributionParamsToProto } from './params.ts';
import { accBech32, accHexOf, communityPool, decCoinsJson, getCommission, getOutstanding, slashEventsOf, valHexOf, withdrawAddressOf } from './state.ts';

const S = 'sdk.distribution.v1beta1';

const spec = <Req, Res>(name: string, run: (state: AppState, req: Req, height: bigint) => Res): QuerySpec<Req, Res> => ({
  method: `${S}.Query/${name}`,
  requestType: `${S}.Query${name}Request`,
  responseType: `${S}.Query${name}Response`,
  run: (state, req, ctx) => run(state, req, ctx.height),
});

function required(value: string | undefined, what: string): string {
  if (!value) throw QueryError.invalidArgument(`empty ${what} address`);
  return value;
}

/** `ValAddressFromBech32` / `AccAddressFromBech32` failing as a plain Go error (gRPC Unknown; ErrInvalidRequest on the ABCI query path). */
function parsed(text: string, hrp: string): string {
  const err = sdkAddressProblem(text, hrp);
  if (err !== undefined) throw QueryError.plainError(err);
  return hrp === Hrp.validator ? valHexOf(text) : accHexOf(text);
}

/** The delegator's delegations in validator-bytes order (staking's IterateDelegations): a prefix walk of staking's delegator-first keys. */
function delegationsOf(state: AppState, delHex: string): DelegationRecord[] {
  return [...shardEntriesWithPrefix(state.staking.delegations, delHex)].map(([, d]) => d);
}

const u64Bytes = (hex16: string) => hexToBytes(hex16);

export const distributionQueries: readonly QuerySpec[] = [
  spec('Params', (state) => ({ params: distributionParamsToProto(state.distribution.params) })),

  spec('ValidatorDistributionInfo', (state, req: { validator_address?: string }, height) => {
    const valHex = parsed(required(req.validator_address, 'validator'), Hrp.validator);
    if (!state.staking.validators[valHex]) throw QueryError.sdk(DistributionErrors.NoValidatorExists, req.validator_address);
    if (!delegationOf(state, valHex, valHex)) throw QueryError.sdk(DistributionErrors.NoDelegationExists);
    return {
      operator_address: accBech32(valHex),
      self_bond_rewards: decCoinsJson(pendingDelegationRewards(state, valHex, valHex, height)),
      commission: decCoinsJson(getCommission(state, valHex)),
    };
  }),

  spec('ValidatorOutstandingRewards', (state, req: { validator_address?: string }) => {
    const valHex = parsed(required(req.validator_address, 'validator'), Hrp.validator);
    return { rewards: { rewards: decCoinsJson(getOutstanding(state, valHex)) } };
  }),

  spec('ValidatorCommission', (state, req: { validator_address?: string }) => {
    const valHex = parsed(required(req.validator_address, 'validator'), Hrp.validator);
    return { commission: { commission: decCoinsJson(getCommission(state, valHex)) } };
  }),

  spec('ValidatorSlashes', (state, req: { validator_address?: string; starting_height?: bigint; ending_height?: bigint; pagination?: PageRequest | null }) => {
    required(req.validator_address, 'validator');
    const start = BigInt(req.starting_height ?? 0n);
    const end = BigInt(req.ending_height ?? 0n);
    if (end < start) throw QueryError.invalidArgument(`starting height greater than ending height (${start} > ${end})`);
    if (sdkAddressProblem(req.validator_address!, Hrp.validator) !== undefined) throw QueryError.invalidArgument('invalid validator address');
    // [QUIRK] the SDK filters on the period, not the height
    const items = slashEventsOf(state, valHexOf(req.validator_address!)).filter(([, e]) => e.validator_period >= start && e.validator_period <= end);
    const { page, pagination } = paginate(items, ([k]) => u64Bytes(k), req.pagination, PageRefusal.plain);
    return { slashes: page.map(([, e]) => ({ validator_period: e.validator_period, fraction: Dec.fromRaw(e.fraction).toString() })), pagination };
  }),

  spec('DelegationRewards', (state, req: { delegator_address?: string; validator_address?: string }, height) => {
    required(req.delegator_address, 'delegator');
    const valHex = parsed(required(req.validator_address, 'validator'), Hrp.validator);
    if (!state.staking.validators[valHex]) throw QueryError.sdk(DistributionErrors.NoValidatorExists, req.validator_address);
    const delHex = parsed(req.delegator_address!, Hrp.account);
    if (!delegationOf(state, valHex, delHex)) throw QueryError.sdk(DistributionErrors.NoDelegationExists);
    return { rewards: decCoinsJson(pendingDelegationRewards(state, valHex, delHex, height)) };
  }),

  spec('DelegationTotalRewards', (state, req: { delegator_address?: string }, height) => {
    const delHex = parsed(required(req.delegator_address, 'delegator'), Hrp.account);
    let total: DecCoins = [];
    const rewards = delegationsOf(state, delHex).map((d) => {
      const reward = pendingDelegationRewards(state, valHexOf(d.validator_address), delHex, height);
      total = decCoinsAdd(total, reward);
      return { validator_address: d.validator_address, reward: decCoinsJson(reward) };
    });
    return { rewards, total: decCoinsJson(total) };
  }),

  spec('DelegatorValidators', (state, req: { delegator_address?: string }) => {
    const delHex = parsed(required(req.delegator_address, 'delegator'), Hrp.account);
    return { validators: delegationsOf(state, delHex).map((d) => d.validator_address) };
  }),

  spec('DelegatorWithdrawAddress', (state, req: { delegator_address?: string }) => {
    parsed(required(req.delegator_address, 'delegator'), Hrp.account);
    return { withdraw_address: withdrawAddressOf(state, req.delegator_address!) };
  }),

  spec('CommunityPool', (state) => ({ pool: decCoinsJson(communityPool(state)) })),
];
