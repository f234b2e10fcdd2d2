/** Query service `sdk.auth.v1beta1.Query` (SDK v0.47 x/auth/keeper/grpc_query.go). */
import { hexToBytes } from '@noble/hashes/utils.js';
import { GrpcCode, QueryError } from '../../errors.ts';
import type { Codec } from '../../codec/registry.ts';
import { accAddress, Hrp, sdkAddressFromBech32 } from '../../crypto/address.ts';
import type { QuerySpec } from '../../state/module.ts';
import { PageRefusal, paginate, type PageRequest } from '../../state/pagination.ts';
import { shardEntries, shardValues } from '../../state/sharded.ts';
import { moduleAccountAddress, type AccountRecord } from './account.ts';
import { getAccount } from './state.ts';

const S = 'sdk.auth.v1beta1';

function pubKeyAny(codec: Codec, a: AccountRecord) {
  if (!a.pub_key) return null;
  return { type_url: codec.typeUrl(a.pub_key.type_url), value: codec.encode(a.pub_key.type_url, { key: Buffer.from(a.pub_key.key, 'base64') }) };
}

function baseAccount(codec: Codec, a: AccountRecord) {
  return { address: a.address, pub_key: pubKeyAny(codec, a), account_number: a.account_number, sequence: a.sequence };
}

/** An account as the `Any` the query services return (BaseAccount, ModuleAccount or EthAccount). */
export function accountAny(codec: Codec, a: AccountRecord) {
  if (a.module) return codec.packAny(`${S}.ModuleAccount`, { base_account: baseAccount(codec, a), name: a.module.name, permissions: [...a.module.permissions] });
  if (a.code_hash !== undefined) return codec.packAny('chain.types.v1.EthAccount', { base_account: baseAccount(codec, a), code_hash: a.code_hash });
  return codec.packAny(`${S}.BaseAccount`, baseAccount(codec, a));
}

/** The SDK's auth queries fail bech32 parsing with a plain error (gRPC Unknown → HTTP 500). */
function parseAddress(address: string): Uint8Array {
  if (address === '') throw QueryError.invalidArgument('Address cannot be empty');
  try {
    return sdkAddressFromBech32(address, Hrp.account);
  } catch (e) {
    throw QueryError.plainError((e as Error).message);
  }
}

function requireAccount(state: Parameters<typeof getAccount>[0], address: string): AccountRecord {
  parseAddress(address);
  const a = getAccount(state, address);
  if (!a) throw QueryError.notFound(`account ${address} not found`);
  return a;
}

export const authQueries: QuerySpec[] = [
  {
    method: `${S}.Query/Accounts`,
    requestType: `${S}.QueryAccountsRequest`,
    responseType: `${S}.QueryAccountsResponse`,
    run(state, req: { pagination: PageRequest | null }, { codec }) {
      const entries = [...shardEntries(state.auth.accounts)];
      const { page, pagination } = paginate(entries, ([k]) => hexToBytes(k), req.pagination, PageRefusal.internalPrefixed);
      return { accounts: page.map(([, a]) => accountAny(codec, a)), pagination };
    },
  },
  {
    method: `${S}.Query/Account`,
    requestType: `${S}.QueryAccountRequest`,
    responseType: `${S}.QueryAccountResponse`,
    run: (state, req: { address: string }, { codec }) => ({ account: accountAny(codec, requireAccount(state, req.address)) }),
  },
  {
    method: `${S}.Query/AccountInfo`,
    requestType: `${S}.QueryAccountInfoRequest`,
    responseType: `${S}.QueryAccountInfoResponse`,
    run(state, req: { address: string }, { codec }) {
      const account = requireAccount(state, req.address);
      // SDK v0.47 packs the account's pubkey without a nil check: codectypes.NewAnyWithValue(nil)
      // fails (ErrPackAny, root code 33), answered as Internal (a guard came in later versions)
      if (!account.pub_key) throw new QueryError(GrpcCode.Internal, 'Expecting non nil value to create a new Any: failed packing protobuf message to Any');
      return { info: baseAccount(codec, account) };
    },
  },
  {
    method: `${S}.Query/AccountAddressByID`,
    requestType: `${S}.QueryAccountAddressByIDRequest`,
    responseType: `${S}.QueryAccountAddressByIDResponse`,
    run(state, req: { id: bigint; account_id: bigint }) {
      if (req.id !== 0n) throw QueryError.invalidArgument("requesting with id isn't supported, try to request using account-id");
      for (const a of shardValues(state.auth.accounts)) if (a.account_number === req.account_id) return { account_address: a.address };
      throw QueryError.notFound(`account address not found with account number ${req.account_id}`);
    },
  },
  {
    method: `${S}.Query/Params`,
    requestType: `${S}.QueryParamsRequest`,
    responseType: `${S}.QueryParamsResponse`,
    run: (state) => ({ params: { ...state.auth.params } }),
  },
  {
    method: `${S}.Query/ModuleAccounts`,
    requestType: `${S}.QueryModuleAccountsRequest`,
    responseType: `${S}.QueryModuleAccountsResponse`,
    run(state, _req, { codec }) {
      const modules = [...shardValues(state.auth.accounts)].filter((a) => a.module).sort((x, y) => (x.module!.name < y.module!.name ? -1 : 1));
      return { accounts: modules.map((a) => accountAny(codec, a)) };
    },
  },
  {
    method: `${S}.Query/ModuleAccountByName`,
    requestType: `${S}.QueryModuleAccountByNameRequest`,
    responseType: `${S}.QueryModuleAccountByNameResponse`,
    run(state, req: { name: string }, { codec }) {
      if (req.name === '') throw QueryError.invalidArgument('module name is empty');
      const a = getAccount(state, moduleAccountAddress(req.name));
      if (!a?.module) throw QueryError.notFound(`account ${req.name} not found`);
      return { account: accountAny(codec, a) };
    },
  },
  {
    method: `${S}.Query/Bech32Prefix`,
    requestType: `${S}.Bech32PrefixRequest`,
    responseType: `${S}.Bech32PrefixResponse`,
    run: () => ({ bech32_prefix: Hrp.account }),
  },
  {
    method: `${S}.Query/AddressBytesToString`,
    requestType: `${S}.AddressBytesToStringRequest`,
    responseType: `${S}.AddressBytesToStringResponse`,
    run(_state, req: { address_bytes: Uint8Array }) {
      if (req.address_bytes.length === 0) throw QueryError.invalidArgument('empty address bytes is not allowed');
      return { address_string: accAddress(req.address_bytes) };
    },
  },
  {
    method: `${S}.Query/AddressStringToBytes`,
    requestType: `${S}.AddressStringToBytesRequest`,
    responseType: `${S}.AddressStringToBytesResponse`,
    run(_state, req: { address_string: string }) {
      if (req.address_string.trim() === '') throw QueryError.invalidArgument('empty address string is not allowed');
      return { address_bytes: parseAddress(req.address_string) };
    },
  },
];
