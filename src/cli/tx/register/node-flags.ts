/**
 * The flags the `tx register …` commands share (stratos-chain x/register/client/cli `flags.go`;
 * spec §4.3) and how each becomes a message field: the description flags, `--pubkey`, coins,
 * `--opinion` / `--incr-deposit` booleans and `--node-type`.
 */
import { type Command, InvalidArgumentError } from 'commander';
import { parseProtoJson } from '../../../codec/proto-json.ts';
import type { Any, Codec } from '../../../codec/registry.ts';
import { Hrp, sdkAddressFromBech32, sdsAddress } from '../../../crypto/address.ts';
import { RegisterErrors } from '../../../modules/register/errors.ts';
import { isValidNodeType } from '../../../modules/register/state.ts';
import { accAddressFromBech32 } from '../acc-address.ts';
import { type NamingProfile, typeUrl } from '../../../naming.ts';

/** The node key type of resource and meta nodes (reference/chain-semantics.md §0.1: ed25519 keys). */
export const NODE_PUBKEY_TYPE = 'sdk.crypto.ed25519.PubKey';

/** The help of `--pubkey`, its type URL in the home's naming profile. */
export function nodePubKeyHelp(naming: NamingProfile): string {
  return `The node's public key, protobuf JSON: {"@type":"${typeUrl(naming, NODE_PUBKEY_TYPE)}","key":"<base64>"} (or stsdspub1…)`;
}

export interface DescriptionOptions {
  moniker?: string;
  identity?: string;
  website?: string;
  securityContact?: string;
  details?: string;
}

export interface Description {
  moniker: string;
  identity: string;
  website: string;
  security_contact: string;
  details: string;
}

/** `--moniker` (required when `monikerRequired`), `--identity`, `--website`, `--security-contact`, `--details`. */
export function addDescriptionFlags(cmd: Command, monikerRequired: boolean): Command {
  if (monikerRequired) cmd.requiredOption('--moniker <name>', "The node's name");
  else cmd.option('--moniker <name>', "The node's name", '');
  return cmd
    .option('--identity <string>', 'The optional identity signature (ex. UPort or Keybase)', '')
    .option('--website <url>', 'The optional website', '')
    .option('--security-contact <email>', 'The optional security contact email', '')
    .option('--details <text>', 'The optional details', '');
}

export function descriptionOf(opts: DescriptionOptions): Description {
  return { moniker: opts.moniker ?? '', identity: opts.identity ?? '', website: opts.website ?? '', security_contact: opts.securityContact ?? '', details: opts.details ?? '' };
}

/**
 * `--pubkey`: the protobuf-JSON public key of spec §4.3 (`{"@type":"/sdk.crypto.ed25519.PubKey","key":"<base64>"}`,
 * type URL in the CLI's naming profile), or the `stsdspub1…` bech32 form of the raw 32-byte key
 * (reference/chain-semantics.md §1.11). Either way an ed25519 key packed in an Any.
 */
export function parseNodePubKey(text: string, codec: Codec): Any {
  const trimmed = text.trim();
  if (trimmed.startsWith(`${Hrp.sdsPub}1`)) {
    // stratos' SdsPubKeyFromBech32: bech32 decoding's Go error as it is (`decoding bech32 failed: …`)
    const key = sdkAddressFromBech32(trimmed, Hrp.sdsPub);
    if (key.length !== 32) throw new Error(`invalid --pubkey ${JSON.stringify(text)}: an ed25519 key is 32 bytes, got ${key.length}`);
    return codec.packAny(NODE_PUBKEY_TYPE, { key });
  }
  let any: Any;
  try {
    any = parseProtoJson('google.protobuf.Any', trimmed, { codec }) as unknown as Any;
  } catch (err) {
    throw new Error(`invalid --pubkey ${JSON.stringify(text)}: ${(err as Error).message} (expected {"@type":"${codec.typeUrl(NODE_PUBKEY_TYPE)}","key":"<base64 of 32 bytes>"})`);
  }
  const typeName = codec.typeNameOfUrl(any.type_url);
  if (typeName !== NODE_PUBKEY_TYPE) throw new Error(`invalid --pubkey ${JSON.stringify(text)}: a node key is ${codec.typeUrl(NODE_PUBKEY_TYPE)}, got ${any.type_url}`);
  const { key } = codec.decode(NODE_PUBKEY_TYPE, any.value) as { key: Uint8Array };
  if (key.length !== 32) throw new Error(`invalid --pubkey ${JSON.stringify(text)}: an ed25519 key is 32 bytes, got ${key.length}`);
  return any;
}

/**
 * A node address flag (`--network-address`, `--voter-network-address`, …), parsed as stratos' CLI
 * parses it while building the message (`SdsAddressFromBech32`, its Go error as it is, before
 * ValidateBasic); the message carries its canonical spelling.
 */
export function networkAddressFlag(text: string): string {
  return sdsAddress(sdkAddressFromBech32(text, Hrp.sds));
}

/** `--beneficiary-address`: blank is not given (undefined); otherwise `AccAddressFromBech32` as stratos' CLI parses it. */
export function beneficiaryFlag(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : accAddressFromBech32(text);
}

/**
 * `--node-type` as stratos' CLI checks it before building the message: a type outside 1..7
 * (`NodeType.Type()` is UNKNOWN, e.g. the default 0 of `update-resource-node`) is the CLI's own
 * ErrNodeType (`node type(s) not supported`), not ValidateBasic's ErrInvalidNodeType.
 */
export function nodeTypeFlag(nodeType: number): number {
  if (!isValidNodeType(nodeType)) throw RegisterErrors.NodeType.error();
  return nodeType;
}

/** Go `strconv.ParseBool`, for `--opinion` and `--incr-deposit` (one implementation, with the tx flags). */
export { parseGoBool } from '../flags.ts';

/** `--node-type`: a uint32 (the bit set computation=1, database=2, storage=4 is checked by the message). */
export function parseUint32(value: string): number {
  if (!/^\d+$/.test(value) || BigInt(value) > 0xffffffffn) throw new InvalidArgumentError(`strconv.ParseUint: parsing ${JSON.stringify(value)}: ${/^\d+$/.test(value) ? 'value out of range' : 'invalid syntax'}`);
  return Number(value);
}
