/**
 * `POST /sdk/tx/v1beta1/unsigned` (spec §4.6: "a POST request with a body returns an unsigned
 * transaction equal to the output of the equivalent chaind command with --generate-only"). The
 * answer is what the SDK CLI prints for `--generate-only` (v0.47 client/tx `PrintUnsignedTx`): the
 * Tx in proto-JSON with every default, no signer infos, no signatures. As the CLI does, each
 * message must be a known Msg type and pass its stateless checks (ValidateBasic) first; and it
 * must be one the chain executes (a handler in the App's message router), so that no tx is
 * generated that the chain would refuse whatever its signatures.
 *
 * Bodies (docs/rest.md):
 * - `{"body": {"messages": [...], "memo", "timeout_height"}, "auth_info": {"fee": {"amount", "gas_limit", "payer", "granter"}}}`
 * - `{"msgs": [...], "fee": {"amount", "gas_limit" | "gas", "payer", "granter"}, "memo", "timeout_height"}`
 * Messages are proto-JSON with `@type`. A missing fee is no fee with the default gas limit 200000.
 */
import { parseProtoJson, printProtoJson } from '../../codec/proto-json.ts';
import type { Any, Codec, ProtoObject } from '../../codec/registry.ts';
import { unpackAs } from '../../codec/tx.ts';
import { DEFAULT_GAS_LIMIT, unsignedTxDocument, type UnsignedTx } from '../../client/sign-tx.ts';
import { ChainError, SdkErrors } from '../../errors.ts';
import { validateTxFee } from '../../abci/ante.ts';
import { formatCoins, validateCoins, type ProtoCoin } from '../../math/coins.ts';
import { accAddressProblem } from '../../modules/auth/account.ts';
import type { MsgSpec } from '../../state/module.ts';
import { GatewayError } from './gateway-error.ts';
import type { RestRoute } from './route.ts';
import { restPath } from '../../naming.ts';

export const UNSIGNED_TX_PATH = '/sdk/tx/v1beta1/unsigned';

type Json = Record<string, unknown>;

function objectOf(value: unknown, where: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw GatewayError.invalidArgument(`${where}: expected a JSON object`);
  return value as Json;
}

function onlyKeys(obj: Json, allowed: readonly string[], where: string): void {
  for (const k of Object.keys(obj)) {
    if (!allowed.includes(k)) throw GatewayError.invalidArgument(`${where}: unknown field ${JSON.stringify(k)} (expected ${allowed.map((a) => JSON.stringify(a)).join(', ')})`);
  }
}

function parse(codec: Codec, typeName: string, json: unknown): ProtoObject {
  try {
    return parseProtoJson(typeName, json, { codec });
  } catch (e) {
    throw GatewayError.invalidArgument((e as Error).message);
  }
}

/** The TxBody and Fee of either request form. */
function readRequest(codec: Codec, json: Json): { body: ProtoObject; fee: ProtoObject } {
  if ('body' in json) {
    onlyKeys(json, ['body', 'auth_info'], 'request');
    const body = parse(codec, 'sdk.tx.v1beta1.TxBody', objectOf(json.body, 'body'));
    const empty = ((body.messages ?? []) as unknown[]).findIndex((m) => m === null || m === undefined);
    if (empty >= 0) throw GatewayError.invalidArgument(`body.messages[${empty}]: a message cannot be null`);
    let fee = codec.create('sdk.tx.v1beta1.Fee', { gas_limit: DEFAULT_GAS_LIMIT });
    if (json.auth_info !== undefined && json.auth_info !== null) {
      const authInfo = objectOf(json.auth_info, 'auth_info');
      onlyKeys(authInfo, ['fee'], 'auth_info');
      if (authInfo.fee !== undefined && authInfo.fee !== null) fee = parse(codec, 'sdk.tx.v1beta1.Fee', objectOf(authInfo.fee, 'auth_info.fee'));
    }
    return { body, fee };
  }
  if ('msgs' in json) {
    onlyKeys(json, ['msgs', 'fee', 'memo', 'timeout_height'], 'request');
    const body = parse(codec, 'sdk.tx.v1beta1.TxBody', { messages: json.msgs, memo: json.memo ?? '', timeout_height: json.timeout_height ?? '0' });
    const feeJson = json.fee === undefined || json.fee === null ? {} : { ...objectOf(json.fee, 'fee') };
    // `gas` is the CLI flag's name for the limit
    if ('gas' in feeJson) {
      if ('gas_limit' in feeJson) throw GatewayError.invalidArgument('fee: give either "gas" or "gas_limit", not both');
      feeJson.gas_limit = feeJson.gas;
      delete feeJson.gas;
    }
    if (!('gas_limit' in feeJson)) feeJson.gas_limit = DEFAULT_GAS_LIMIT.toString();
    return { body, fee: parse(codec, 'sdk.tx.v1beta1.Fee', feeJson) };
  }
  throw GatewayError.invalidArgument('request: expected {"body": {"messages": [...]}, "auth_info": {"fee": {...}}} or {"msgs": [...], "fee": {...}, "memo": "..."}');
}

/**
 * The CLI's checks before `--generate-only` prints: known Msg types that the chain can execute
 * (a handler in its message router: the codec knows more Msg types than the chain's modules
 * handle, e.g. the staking ones, and CheckTx refuses those with "unable to resolve type URL"),
 * then each ValidateBasic.
 */
function checkMessages(codec: Codec, messages: readonly Any[], specs: ReadonlyMap<string, MsgSpec>): void {
  if (messages.length === 0) throw GatewayError.invalidArgument('no messages: give at least one message with its "@type"');
  for (const any of messages) {
    // the registry's UnpackAny, as the CLI's UnmarshalInterfaceJSON: a Msg, and the Anys inside it what their fields accept
    try {
      unpackAs(codec, any, 'Msg');
    } catch (e) {
      throw GatewayError.invalidArgument((e as Error).message);
    }
    const name = codec.typeNameOfUrl(any.type_url)!;
    const spec = specs.get(name);
    if (!spec) throw GatewayError.invalidArgument(`unable to resolve type URL ${any.type_url}: this chain has no handler for that message type`);
    try {
      spec.validateBasic?.(codec.unpackAny(any).value);
    } catch (e) {
      if (e instanceof ChainError) throw GatewayError.invalidArgument(e.message);
      throw e;
    }
  }
}

/**
 * The fee checks the CLI makes (its `--fees`, `--fee-payer`, `--fee-granter` flags cannot express a
 * negative or malformed fee or a bad address), in the chain's words: Tx.ValidateBasic's fee rules
 * (`invalid fee provided: -1wei: insufficient fee`, `Invalid fee payer address (decoding bech32
 * failed: …): invalid address`, as CheckTx would answer), then the fee deduction's `invalid fee
 * amount: …` (coins not sorted, repeated, a bad denom, a zero among others), then the granter,
 * which the CLI parses with `AccAddressFromBech32` (`invalid fee granter address: decoding bech32
 * failed: …`).
 */
function checkFee(fee: ProtoObject): void {
  const amount = fee.amount as ProtoCoin[];
  try {
    const coins = validateTxFee({ amount, gasLimit: fee.gas_limit as bigint, payer: fee.payer as string });
    if (coins.some((c) => c.amount !== 0n) && validateCoins(coins) !== undefined) {
      throw SdkErrors.InsufficientFee.wrap(`invalid fee amount: ${formatCoins(coins)}`);
    }
  } catch (e) {
    if (e instanceof ChainError) throw GatewayError.invalidArgument(e.message);
    throw e;
  }
  const granter = fee.granter as string;
  const why = granter === '' ? undefined : accAddressProblem(granter);
  if (why !== undefined) throw GatewayError.invalidArgument(`invalid fee granter address: ${why}`);
}

/**
 * The unsigned Tx as `--generate-only` prints it (compact proto-JSON), built as the CLI builds it;
 * `specs` are the chain's message handlers (the App's router).
 */
export function unsignedTxJson(codec: Codec, request: unknown, specs: ReadonlyMap<string, MsgSpec>): string {
  const { body, fee } = readRequest(codec, objectOf(request, 'request'));
  const messages = body.messages as Any[];
  checkMessages(codec, messages, specs);
  checkFee(fee);
  if ((body.extension_options as Any[]).length > 0 || (body.non_critical_extension_options as Any[]).length > 0) {
    throw GatewayError.invalidArgument('body: extension options cannot be set on a generated tx');
  }
  const tx: UnsignedTx = {
    messages: messages.map((any) => {
      const { typeName, value } = codec.unpackAny(any);
      return { typeName, value };
    }),
    memo: body.memo as string,
    timeoutHeight: body.timeout_height as bigint,
    fee: (fee.amount as { denom: string; amount: string }[]).map((c) => ({ denom: c.denom, amount: c.amount })),
    gasLimit: fee.gas_limit as bigint,
    payer: fee.payer as string,
    granter: fee.granter as string,
  };
  return printProtoJson('sdk.tx.v1beta1.Tx', unsignedTxDocument(tx, codec), { codec });
}

export function unsignedTxRoute(codec: Codec, msgSpecs: readonly MsgSpec[]): RestRoute {
  const specs = new Map(msgSpecs.map((s) => [s.typeName, s]));
  return {
    method: 'POST',
    pattern: restPath(codec.profile, UNSIGNED_TX_PATH),
    async handler(req) {
      const text = (await req.body()).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (e) {
        throw GatewayError.invalidArgument(`request body is not JSON: ${(e as Error).message}`);
      }
      return { status: 200, body: unsignedTxJson(codec, json, specs) };
    },
  };
}
