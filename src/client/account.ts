/**
 * The signer's account number and sequence from the node (SDK `AccountRetriever`): abci_query
 * `/sdk.auth.v1beta1.Query/Account`, whose `Any` holds a BaseAccount, an EthAccount or a
 * ModuleAccount (reference/wire-formats.md §2.6). An unknown account fails as the SDK CLI prints it:
 * `rpc error: code = NotFound desc = rpc error: code = NotFound desc = account st1… not found: key not found`.
 */
import type { Any, Codec, ProtoObject } from '../codec/registry.ts';
import { codec as neutralCodec } from '../codec/registry.ts';
import { queryGrpc } from './query-grpc.ts';
import type { RpcClient } from './rpc-client.ts';

export interface AccountInfo {
  readonly address: string;
  readonly accountNumber: bigint;
  readonly sequence: bigint;
  /** the public key stored on chain (set by the account's first tx), or null */
  readonly pubKey: Any | null;
}

/** The account `Any` of QueryAccountResponse. */
export async function queryAccountAny(client: RpcClient, address: string, height?: bigint, c: Codec = neutralCodec): Promise<Any> {
  const res = await queryGrpc(client, 'sdk.auth.v1beta1.Query/Account', 'sdk.auth.v1beta1.QueryAccountRequest', 'sdk.auth.v1beta1.QueryAccountResponse', { address }, height, c);
  const any = res.account as Any | null;
  if (!any) throw new Error(`the node answered the account query for ${address} without an account`);
  return any;
}

/** Account number, sequence and pubkey of `address` at the latest height. */
export async function queryAccountInfo(client: RpcClient, address: string, c: Codec = neutralCodec): Promise<AccountInfo> {
  return accountInfoOf(c.unpackAny(await queryAccountAny(client, address, undefined, c)).value);
}

/** BaseAccount fields of any account kind (EthAccount and ModuleAccount embed one as `base_account`). */
export function accountInfoOf(account: ProtoObject): AccountInfo {
  const base = (account.base_account as ProtoObject | undefined) ?? account;
  return {
    address: base.address as string,
    accountNumber: base.account_number as bigint,
    sequence: base.sequence as bigint,
    pubKey: (base.pub_key as Any | null) ?? null,
  };
}
