/** Query service `sdk.bank.v1beta1.Query` (SDK v0.47 x/bank/keeper/grpc_query.go). */
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { QueryError } from '../../errors.ts';
import { accAddress, Hrp, sdkAddressFromBech32 } from '../../crypto/address.ts';
import { isValidDenom } from '../../math/coin.ts';
import type { QuerySpec } from '../../state/module.ts';
import type { AppState } from '../../state/app-state.ts';
import { PageRefusal, paginate, type PageRequest } from '../../state/pagination.ts';
import { shardEntries, shardGet } from '../../state/sharded.ts';
import { isSendEnabled } from './params.ts';

const S = 'sdk.bank.v1beta1';

/**
 * The store key of an account address, parsed as every bank query does (x/bank/keeper/grpc_query.go):
 * `sdk.AccAddressFromBech32`, its Go error wrapped as InvalidArgument `invalid address: <text>`
 * (`invalid address: invalid Bech32 prefix; expected st, got stvaloper`, `invalid address: decoding
 * bech32 failed: invalid checksum (expected … got …)`, `invalid address: empty address string is not allowed`).
 */
function addressKey(address: string): string {
  try {
    return Buffer.from(sdkAddressFromBech32(address, Hrp.account)).toString('hex');
  } catch (e) {
    throw QueryError.invalidArgument(`invalid address: ${(e as Error).message}`);
  }
}

function checkDenom(denom: string): void {
  if (!isValidDenom(denom)) throw QueryError.invalidArgument(`invalid denom: ${denom}`);
}

function balancesPage(state: AppState, address: string, pagination: PageRequest | null) {
  const bal = shardGet(state.bank.balances, addressKey(address)) ?? {};
  const denoms = Object.keys(bal).sort();
  const { page, pagination: p } = paginate(denoms, (d) => utf8ToBytes(d), pagination);
  return { balances: page.map((denom) => ({ denom, amount: bal[denom]!.toString() })), pagination: p };
}

function supplyList(state: AppState) {
  return Object.keys(state.bank.supply)
    .sort()
    .map((denom) => ({ denom, amount: state.bank.supply[denom]!.toString() }));
}

export const bankQueries: QuerySpec[] = [
  {
    method: `${S}.Query/Balance`,
    requestType: `${S}.QueryBalanceRequest`,
    responseType: `${S}.QueryBalanceResponse`,
    run(state, req: { address: string; denom: string }) {
      // Balance validates the denom before the address (SpendableBalanceByDenom the other way round)
      checkDenom(req.denom);
      const key = addressKey(req.address);
      const amount = shardGet(state.bank.balances, key)?.[req.denom] ?? 0n;
      return { balance: { denom: req.denom, amount: amount.toString() } };
    },
  },
  {
    method: `${S}.Query/AllBalances`,
    requestType: `${S}.QueryAllBalancesRequest`,
    responseType: `${S}.QueryAllBalancesResponse`,
    run: (state, req: { address: string; pagination: PageRequest | null }) => balancesPage(state, req.address, req.pagination),
  },
  {
    method: `${S}.Query/SpendableBalances`,
    requestType: `${S}.QuerySpendableBalancesRequest`,
    responseType: `${S}.QuerySpendableBalancesResponse`,
    // no vesting accounts on this chain: spendable = all balances
    run: (state, req: { address: string; pagination: PageRequest | null }) => balancesPage(state, req.address, req.pagination),
  },
  {
    method: `${S}.Query/SpendableBalanceByDenom`,
    requestType: `${S}.QuerySpendableBalanceByDenomRequest`,
    responseType: `${S}.QuerySpendableBalanceByDenomResponse`,
    run(state, req: { address: string; denom: string }) {
      const key = addressKey(req.address);
      checkDenom(req.denom);
      return { balance: { denom: req.denom, amount: (shardGet(state.bank.balances, key)?.[req.denom] ?? 0n).toString() } };
    },
  },
  {
    method: `${S}.Query/TotalSupply`,
    requestType: `${S}.QueryTotalSupplyRequest`,
    responseType: `${S}.QueryTotalSupplyResponse`,
    run(state, req: { pagination: PageRequest | null }) {
      const list = supplyList(state);
      const { page, pagination } = paginate(list, (c) => utf8ToBytes(c.denom), req.pagination, PageRefusal.internal);
      return { supply: page, pagination };
    },
  },
  {
    method: `${S}.Query/SupplyOf`,
    requestType: `${S}.QuerySupplyOfRequest`,
    responseType: `${S}.QuerySupplyOfResponse`,
    run(state, req: { denom: string }) {
      checkDenom(req.denom);
      return { amount: { denom: req.denom, amount: (state.bank.supply[req.denom] ?? 0n).toString() } };
    },
  },
  {
    method: `${S}.Query/Params`,
    requestType: `${S}.QueryParamsRequest`,
    responseType: `${S}.QueryParamsResponse`,
    run: (state) => ({ params: { send_enabled: [], default_send_enabled: state.bank.params.default_send_enabled } }),
  },
  {
    method: `${S}.Query/DenomsMetadata`,
    requestType: `${S}.QueryDenomsMetadataRequest`,
    responseType: `${S}.QueryDenomsMetadataResponse`,
    run(state, req: { pagination: PageRequest | null }) {
      const list = [...state.bank.denom_metadata] as { base: string }[];
      const { page, pagination } = paginate(list, (m) => utf8ToBytes(m.base), req.pagination);
      return { metadatas: page, pagination };
    },
  },
  {
    method: `${S}.Query/DenomMetadata`,
    requestType: `${S}.QueryDenomMetadataRequest`,
    responseType: `${S}.QueryDenomMetadataResponse`,
    run(state, req: { denom: string }) {
      checkDenom(req.denom);
      const m = (state.bank.denom_metadata as { base: string }[]).find((x) => x.base === req.denom);
      if (!m) throw QueryError.notFound(`client metadata for denom ${req.denom}`);
      return { metadata: m };
    },
  },
  {
    method: `${S}.Query/DenomOwners`,
    requestType: `${S}.QueryDenomOwnersRequest`,
    responseType: `${S}.QueryDenomOwnersResponse`,
    run(state, req: { denom: string; pagination: PageRequest | null }) {
      checkDenom(req.denom);
      const owners = [...shardEntries(state.bank.balances)].filter(([, b]) => (b[req.denom] ?? 0n) > 0n);
      const { page, pagination } = paginate(owners, ([k]) => hexToBytes(k), req.pagination);
      return { denom_owners: page.map(([k, b]) => ({ address: accAddress(hexToBytes(k)), balance: { denom: req.denom, amount: b[req.denom]!.toString() } })), pagination };
    },
  },
  {
    method: `${S}.Query/SendEnabled`,
    requestType: `${S}.QuerySendEnabledRequest`,
    responseType: `${S}.QuerySendEnabledResponse`,
    run(state, req: { denoms: string[]; pagination: PageRequest | null }) {
      const list = req.denoms.length > 0
        ? req.denoms.filter((d) => state.bank.params.send_enabled.some((s) => s.denom === d)).map((denom) => ({ denom, enabled: isSendEnabled(state.bank.params, denom) }))
        : state.bank.params.send_enabled.map((s) => ({ ...s }));
      const { page, pagination } = paginate(list, (s) => utf8ToBytes(s.denom), req.pagination);
      return { send_enabled: page, pagination };
    },
  },
];
