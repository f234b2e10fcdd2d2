/**
 * The signer's account number and sequence from the node (SDK `AccountRetriever`): abci_query
 * `/sdk.auth.v1beta1.Query/Account`, whose `Any` holds an EthAccount (every account the chain
 * creates), a BaseAccount (genesis accounts written that way) or a ModuleAccount (docs/quirks.md,
 * A1). An unknown account fails as the SDK CLI prints it:
 * `rpc error: code = NotFound desc = rpc error: code = NotFound desc = account st1… not found: key not found`.
 *
 * `cosmJsAccountParser` is the same reading for CosmJS users, whose default `accountFromAny` knows
 * neither the EthAccount nor the chain's type URLs.
 */
import { aminoAnyJson } from '../codec/amino-json.ts';
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

/** What CosmJS's `AccountParser` returns (`Account` of `@cosmjs/stargate`). */
export interface CosmJsAccount {
  readonly address: string;
  /** the amino form CosmJS uses: `{type: "chain/PubKeyEthSecp256k1", value: <base64 key>}` */
  readonly pubkey: { readonly type: string; readonly value: string } | null;
  readonly accountNumber: bigint;
  readonly sequence: number;
}

/**
 * An `accountParser` for CosmJS (`StargateClient.connect(url, { accountParser })`, also taken by
 * `SigningStargateClient`): reads an EthAccount, BaseAccount or ModuleAccount of this chain (in the
 * codec's naming profile) and presents its pubkey in amino form. Anything else is refused as
 * CosmJS's own parser refuses it: `Unsupported type: '<type url>'`.
 */
export function cosmJsAccountParser(c: Codec = neutralCodec): (any: { typeUrl: string; value: Uint8Array }) => CosmJsAccount {
  return (any) => {
    const packed = { type_url: any.typeUrl, value: any.value };
    const accountTypes = c.interfaces.implementations('Account');
    const known = [...accountTypes].some((name) => c.typeUrl(name) === any.typeUrl);
    if (!known) throw new Error(`Unsupported type: '${any.typeUrl}'`);
    const info = accountInfoOf(c.unpackAny(packed).value);
    if (info.sequence > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`account ${info.address}: sequence ${info.sequence} does not fit in a JavaScript number`);
    const pubkey = info.pubKey ? (aminoAnyJson(c, info.pubKey) as { type: string; value: string }) : null;
    return { address: info.address, pubkey, accountNumber: info.accountNumber, sequence: Number(info.sequence) };
  };
}
