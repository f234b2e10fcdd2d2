/**
 * `chaind debug` (SDK v0.47 client/debug, which stchaind mounts): `pubkey`, `pubkey-raw`, `addr`,
 * `raw-bytes` and `prefixes`, with the SDK's lines and error texts. Offline: nothing here reads the
 * home or the node.
 */
import { Command, Option } from 'commander';
import { Hrp, sdkAddressFromBech32 } from '../../crypto/address.ts';
import { legacyBech32PubKey, pubKeyFromLegacyBech32 } from '../../crypto/amino.ts';
import { ED25519 } from '../../crypto/ed25519.ts';
import { ETH_SECP256K1 } from '../../crypto/ethsecp256k1.ts';
import { type PubKey, pubKeyAddress, pubKeyAminoName, pubKeyTypeUrl } from '../../crypto/keys.ts';
import { pubKeyFromProtoJson } from '../../crypto/pubkey-json.ts';
import { toBech32 } from '../../crypto/bech32.ts';
import { SDK_SECP256K1 } from '../../crypto/sdk-secp256k1.ts';
import { decodeGoHex } from '../../codec/go-hex.ts';
import { decodeGoBase64 } from '../../codec/go-base64.ts';
import { parseGoDecimalInt } from '../../codec/go-parse.ts';
import type { CliContext } from '../context.ts';
import { withGlobalFlags, withHome } from './node-flags.ts';

const hexUpper = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase();

/** The SDK's example key of `pubkey-raw`, shown in the home's words. */
const EXAMPLE_ED25519 = Uint8Array.from(Buffer.from('8FCA9D6D1F80947FD5E9A05309259746F5F72541121766D5F921339DD061174A', 'hex'));

/** Go's `%v` of a `[]byte`: `[1 2 255]`. */
const goByteList = (bytes: Uint8Array) => `[${Array.from(bytes).join(' ')}]`;

/** `sdk.AccAddress(b).String()` and its kin: empty bytes print as an empty string. */
const bech32OrEmpty = (hrp: string, bytes: Uint8Array) => (bytes.length === 0 ? '' : toBech32(hrp, bytes));

/** What a Go decoder gives, or undefined where it fails. */
function orUndefined(decode: () => Uint8Array): Uint8Array | undefined {
  try {
    return decode();
  } catch {
    return undefined;
  }
}

/** `bytesToPubkey`: 32 bytes are an ed25519 key when that type is asked for, 33 a secp256k1 key. */
function rawPubKey(bytes: Uint8Array, type: string): PubKey | undefined {
  if (type === ED25519 && bytes.length === 32) return { algo: ED25519, key: bytes };
  if (bytes.length === 33) return { algo: SDK_SECP256K1, key: bytes };
  return undefined;
}

/** `getPubKeyFromRawString`: hex, then base64, then the legacy bech32 pubkeys (acc, val, cons). */
function pubKeyFromRawString(text: string, type: string): PubKey {
  for (const bytes of [orUndefined(() => decodeGoHex(text)), orUndefined(() => decodeGoBase64(text, 'std'))]) {
    const pk = bytes === undefined ? undefined : rawPubKey(bytes, type);
    if (pk !== undefined) return pk;
  }
  for (const hrp of [Hrp.accountPub, Hrp.validatorPub, Hrp.consensusPub]) {
    try {
      return pubKeyFromLegacyBech32(text, hrp);
    } catch {
      // the next kind
    }
  }
  throw new Error(`pubkey '${text}' invalid; expected hex, base64, or bech32 of correct size`);
}

function pubkeyCommand(ctx: CliContext): Command {
  return new Command('pubkey')
    .description("Decode a pubkey from proto JSON and display it's address.")
    .summary('Decode a pubkey from proto JSON')
    .argument('<pubkey>')
    .addHelpText('after', `\nExample:\nchaind debug pubkey '{"@type":"${pubKeyTypeUrl(ETH_SECP256K1, ctx.naming)}","key":"AurroA7jvfPd1AadmmOvWM2rJSwipXfRf8yD6pLbA2DJ"}'`)
    .action((text: string) => {
      const pk = pubKeyFromProtoJson(text, ctx.naming);
      ctx.out.stdout(`Address: ${hexUpper(pubKeyAddress(pk))}\nPubKey Hex: ${Buffer.from(pk.key).toString('hex')}\n`);
    });
}

function pubkeyRawCommand(ctx: CliContext): Command {
  return new Command('pubkey-raw')
    .description('Decode a pubkey from hex, base64, or bech32.')
    .summary('Decode a ED25519 or secp256k1 pubkey from hex, base64, or bech32')
    .argument('<pubkey>')
    .addOption(new Option('-t, --type <string>', 'Pubkey type to decode (oneof secp256k1, ed25519)').default(ED25519))
    .addHelpText(
      'after',
      `\nExample:\nchaind debug pubkey-raw ${hexUpper(EXAMPLE_ED25519)}\nchaind debug pubkey-raw ${Buffer.from(EXAMPLE_ED25519).toString('base64')}\nchaind debug pubkey-raw ${legacyBech32PubKey({ algo: ED25519, key: EXAMPLE_ED25519 }, Hrp.consensusPub, ctx.naming)}`,
    )
    .action((text: string, opts: { type: string }) => {
      const type = opts.type.toLowerCase();
      if (type !== SDK_SECP256K1 && type !== ED25519) throw new Error('invalid pubkey type, expected oneof ed25519 or secp256k1: invalid type');
      const pk = pubKeyFromRawString(text, type);
      const lines: string[] = [];
      // the SDK prints the hex and the consensus pubkey only for an ed25519 key asked as one; asked
      // as ed25519, another key still gets the consensus line, empty
      const edAsked = pk.algo === ED25519 && type === ED25519;
      if (edAsked) lines.push(`Hex: ${hexUpper(pk.key)}`);
      lines.push(`Parsed key as ${pk.algo}`);
      lines.push(`Address: ${hexUpper(pubKeyAddress(pk))}`);
      lines.push(`JSON (base64): ${JSON.stringify({ type: pubKeyAminoName(pk.algo, ctx.naming), value: Buffer.from(pk.key).toString('base64') })}`);
      lines.push(`Bech32 Acc: ${legacyBech32PubKey(pk, Hrp.accountPub, ctx.naming)}`);
      lines.push(`Bech32 Validator Operator: ${legacyBech32PubKey(pk, Hrp.validatorPub, ctx.naming)}`);
      if (type === ED25519) lines.push(`Bech32 Validator Consensus: ${edAsked ? legacyBech32PubKey(pk, Hrp.consensusPub, ctx.naming) : ''}`);
      ctx.out.stdout(lines.join('\n') + '\n');
    });
}

/** `addr`: hex, then an account address, then an operator address; the first that reads. */
function addrBytes(text: string): Uint8Array {
  const errors: string[] = [];
  try {
    return decodeGoHex(text);
  } catch (e) {
    errors.push((e as Error).message);
  }
  for (const hrp of [Hrp.account, Hrp.validator]) {
    try {
      return sdkAddressFromBech32(text, hrp);
    } catch (e) {
      errors.push((e as Error).message);
    }
  }
  throw new Error(`expected hex or bech32. Got errors: hex: ${errors[0]}, bech32 acc: ${errors[1]}, bech32 val: ${errors[2]}`);
}

function addrCommand(ctx: CliContext): Command {
  return new Command('addr')
    .description('Convert an address between hex encoding and bech32.')
    .summary('Convert an address between hex and bech32')
    .argument('<address>')
    .addHelpText('after', '\nExample:\nchaind debug addr st1e0jnq2sun3dzjh8p2xqy95k0expwmd7sl4a5ez')
    .action((text: string) => {
      const bytes = addrBytes(text);
      ctx.out.stdout(
        `Address: ${goByteList(bytes)}\nAddress (hex): ${hexUpper(bytes)}\nBech32 Acc: ${bech32OrEmpty(Hrp.account, bytes)}\nBech32 Val: ${bech32OrEmpty(Hrp.validator, bytes)}\n`,
      );
    });
}

function rawBytesCommand(ctx: CliContext): Command {
  return new Command('raw-bytes')
    .description('Convert raw-bytes to hex.')
    .summary('Convert raw bytes output (eg. [10 21 13 255]) to hex')
    .argument('<raw-bytes>')
    .addHelpText('after', "\nExample:\nchaind debug raw-bytes '[72 101 108 108 111 44 32 112 108 97 121 103 114 111 117 110 100]'")
    .action((text: string) => {
      // strings.Trim of every leading and trailing bracket, then one number per single space,
      // each a signed 8-bit integer (strconv.ParseInt(s, 10, 8): 128 and above are out of range)
      const inner = text.replace(/^\[+/, '').replace(/\]+$/, '');
      const bytes = inner.split(' ').map((s) => Number(parseGoDecimalInt(s, 8)) & 0xff);
      ctx.out.stdout(hexUpper(Uint8Array.from(bytes)) + '\n');
    });
}

function prefixesCommand(ctx: CliContext): Command {
  return new Command('prefixes')
    .description('List prefixes used in Bech32 addresses.')
    .summary('List prefixes used for Human-Readable Part (HRP) in Bech32')
    .addHelpText('after', '\nExample:\n$ chaind debug prefixes')
    .action(() => ctx.out.stdout(`Bech32 Acc: ${Hrp.account}\nBech32 Val: ${Hrp.validator}\nBech32 Con: ${Hrp.consensus}\n`));
}

export function debugCommand(ctx: CliContext): Command {
  const group = new Command('debug').description('Tool for helping with debugging your application');
  for (const sub of [pubkeyCommand(ctx), pubkeyRawCommand(ctx), addrCommand(ctx), rawBytesCommand(ctx), prefixesCommand(ctx)]) {
    group.addCommand(withGlobalFlags(withHome(sub)));
  }
  return withGlobalFlags(withHome(group));
}
