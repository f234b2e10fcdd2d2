/**
 * Positional arguments of the Ethereum JSON-RPC as go-ethereum's `parsePositionalArguments` reads
 * them into the Go types of the node's methods (reference B.2–B.4): `params` must be an array
 * (`non-array args`), at most as many elements as the method takes (`too many arguments, want at
 * most N`), every argument that is not a Go pointer is required (`missing value for required
 * argument N`), and a value that does not decode is `invalid argument N: <the decoder's error>`.
 * Each ArgType decodes one raw JSON text as its Go type does (hexutil, ethermint's BlockNumber).
 */
import { jsonKind, ParamsError } from '../geth-rpc/dispatch.ts';
import { rawArrayElements, rawObjectMembers } from '../geth-rpc/json-stream.ts';
import { decodeData, decodeFixed, decodeQuantity, HexError, HexErrors } from './hexutil.ts';

/** A parameter error: answered as -32602 with this text (the shared one of the go-ethereum rules). */
export { ParamsError };

export interface ArgType<T> {
  /** the Go type, as encoding/json names it in errors */
  readonly goType: string;
  /** a Go pointer: may be left out (then undefined) */
  readonly optional?: boolean;
  /** raw JSON text → value; throws Error with the decoder's text */
  decode(raw: string): T;
}

/**
 * A block number of ethermint's `types.BlockNumber` (stratos-chain rpc/types/block.go): a height, or
 * one of its three tags. It has no `safe` or `finalized`: those are text without `0x`, read as a
 * decimal that is not one, so 0 — block 1.
 */
export type BlockTag = 'latest' | 'pending' | 'earliest';
export type BlockNumber = bigint | BlockTag;
/**
 * ethermint's `types.BlockNumberOrHash`: a block number, a block hash, or neither (`null`, `{}`),
 * which the methods refuse (`types BlockHash and BlockNumber cannot be both nil`).
 */
export type BlockRef = { readonly number: BlockNumber } | { readonly hash: Uint8Array } | { readonly neither: true };

/** A JSON string (raw text in quotes). */
export const isString = (raw: string) => raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"');

/** Text with hexutil's `0x`/`0X` prefix. */
export const has0x = (text: string) => text.startsWith('0x') || text.startsWith('0X');

const unquote = (raw: string) => JSON.parse(raw) as string;

const typeError = (raw: string, goType: string) => new Error(`json: cannot unmarshal ${jsonKind(raw)} into Go value of type ${goType}`);
const nonString = (goType: string) => new Error(`json: cannot unmarshal non-string into Go value of type ${goType}`);

export const address: ArgType<Uint8Array> = {
  goType: 'common.Address',
  decode(raw) {
    if (!isString(raw)) throw nonString(this.goType);
    return decodeFixed(unquote(raw), 20, this.goType);
  },
};

export const hash: ArgType<Uint8Array> = {
  goType: 'common.Hash',
  decode(raw) {
    if (!isString(raw)) throw nonString(this.goType);
    return decodeFixed(unquote(raw), 32, this.goType);
  },
};

export const bool: ArgType<boolean> = {
  goType: 'bool',
  decode(raw) {
    if (raw === 'null') return false;
    if (raw !== 'true' && raw !== 'false') throw typeError(raw, this.goType);
    return raw === 'true';
  },
};

export const string: ArgType<string> = {
  goType: 'string',
  decode(raw) {
    if (raw === 'null') return '';
    if (!isString(raw)) throw typeError(raw, this.goType);
    return unquote(raw);
  },
};

const TAGS: readonly BlockTag[] = ['earliest', 'latest', 'pending'];
const INT64_MAX = 2n ** 63n - 1n;

/**
 * ethermint `types.BlockNumber.UnmarshalJSON`: the quotes are taken off, a tag is a tag, else a hex
 * quantity; text without `0x` is read as a decimal (spf13/cast: not a number → 0).
 */
function blockNumberOfText(input: string): BlockNumber {
  if ((TAGS as readonly string[]).includes(input)) return input as BlockTag;
  let n: bigint;
  try {
    n = decodeQuantity(input, 64);
  } catch (e) {
    if (!(e instanceof HexError) || e.message !== HexErrors.missingPrefix) throw e;
    n = /^\d+$/.test(input) && BigInt(input) < 2n ** 64n ? BigInt(input) : 0n;
  }
  if (n > INT64_MAX) throw new Error('block number larger than int64');
  return n;
}

const trimQuotes = (raw: string) => {
  const t = raw.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1) : t;
};

export const blockNumber: ArgType<BlockNumber> = {
  goType: 'types.BlockNumber',
  decode: (raw) => blockNumberOfText(trimQuotes(raw)),
};

/** go-ethereum `hexutil.DecodeUint64` of a block number's text, then stratos `SafeInt64`. */
function hexBlockNumber(input: string): bigint {
  const n = decodeQuantity(input, 64);
  if (n > INT64_MAX) throw new Error(`uint64 value ${n} cannot exceed ${INT64_MAX}: invalid height`);
  return n;
}

/** go-ethereum `common.Hash.UnmarshalText` (hexutil.UnmarshalFixedText) of a 66-character text. */
function hashOfText(input: string): Uint8Array {
  if (!has0x(input)) throw new Error(HexErrors.missingPrefix);
  if (!/^[0-9a-fA-F]*$/.test(input.slice(2))) throw new Error(HexErrors.syntax);
  return new Uint8Array(Buffer.from(input.slice(2), 'hex'));
}

/**
 * ethermint `types.BlockNumberOrHash.UnmarshalJSON`: first as the struct `{blockNumber, blockHash}`
 * (keys matched case-insensitively; not both: `cannot specify both BlockHash and BlockNumber, choose
 * one or the other`; `null` and `{}` are neither); when that fails, as a string — any other JSON
 * value, or an object whose member does not decode, is `json: cannot unmarshal … into Go value of
 * type string` — read by `decodeFromString`: a tag, a 66-character hash, or a hex number (no
 * decimal text, no `safe`/`finalized`: `hex string without 0x prefix`).
 */
export const blockNumberOrHash: ArgType<BlockRef> = {
  goType: 'types.BlockNumberOrHash',
  decode(raw) {
    if (raw === 'null') return { neither: true };
    if (raw.startsWith('{')) {
      let num: BlockNumber | undefined;
      let h: Uint8Array | undefined;
      try {
        for (const [key, value] of rawObjectMembers(raw)) {
          const k = key.toLowerCase();
          if (k === 'blocknumber') num = value === 'null' ? undefined : blockNumber.decode(value);
          else if (k === 'blockhash') h = value === 'null' ? undefined : hash.decode(value);
        }
      } catch {
        throw typeError(raw, 'string');
      }
      if (num !== undefined && h !== undefined) throw new Error('cannot specify both BlockHash and BlockNumber, choose one or the other');
      if (h !== undefined) return { hash: h };
      return num === undefined ? { neither: true } : { number: num };
    }
    if (!isString(raw)) throw typeError(raw, 'string');
    const input = unquote(raw);
    if ((TAGS as readonly string[]).includes(input)) return { number: input as BlockTag };
    if (input.length === 66) return { hash: hashOfText(input) };
    return { number: hexBlockNumber(input) };
  },
};

/**
 * go-ethereum 1.10.26 `rpc.BlockNumber` (log filters' ends, `eth_feeHistory`'s last block), as
 * its `Int64()`: a height, or latest -1, pending -2, finalized -3, safe -4 (earliest is 0). Unlike
 * ethermint's type it knows `safe` and `finalized` and takes hex only (`hex string without 0x
 * prefix`).
 */
export const RPC_LATEST_BLOCK = -1n;
export const RPC_PENDING_BLOCK = -2n;
const RPC_TAGS: ReadonlyMap<string, bigint> = new Map([
  ['earliest', 0n],
  ['latest', RPC_LATEST_BLOCK],
  ['pending', RPC_PENDING_BLOCK],
  ['finalized', -3n],
  ['safe', -4n],
]);

export const rpcBlockNumber: ArgType<bigint> = {
  goType: 'rpc.BlockNumber',
  decode(raw) {
    const input = trimQuotes(raw);
    const tag = RPC_TAGS.get(input);
    if (tag !== undefined) return tag;
    const n = decodeQuantity(input, 64);
    if (n > INT64_MAX) throw new Error('block number larger than int64');
    return n;
  },
};

/** A hexutil quantity type, named as geth's errors name it: quoted hex within `bits` (hexutil.Uint, Uint64: 64; Big: 256). */
function quantityType(goType: string, bits: 64 | 256): ArgType<bigint> {
  return {
    goType,
    decode(raw) {
      if (!isString(raw)) throw nonString(goType);
      try {
        return decodeQuantity(unquote(raw), bits);
      } catch (e) {
        throw new Error(`json: cannot unmarshal ${(e as Error).message} into Go value of type ${goType}`);
      }
    },
  };
}

/** hexutil.Uint: a quantity within 64 bits. */
export const uint = quantityType('hexutil.Uint', 64);
/** hexutil.Uint64 */
export const uint64 = quantityType('hexutil.Uint64', 64);
/** hexutil.Big: a quantity within 256 bits (geth's decoder names it by its pointer type). */
export const big = quantityType('*hexutil.Big', 256);

/** []string (null → none). */
export const strings: ArgType<string[]> = {
  goType: '[]string',
  decode(raw) {
    if (raw === 'null') return [];
    if (!raw.startsWith('[')) throw typeError(raw, this.goType);
    return rawArrayElements(raw).map((e) => string.decode(e));
  },
};

/** rpc.DecimalOrHex: a decimal or a hex quantity, quoted or not. */
export const decimalOrHex: ArgType<bigint> = {
  goType: 'rpc.DecimalOrHex',
  decode(raw) {
    const input = trimQuotes(raw);
    if (/^\d+$/.test(input) && BigInt(input) < 2n ** 64n) return BigInt(input);
    return decodeQuantity(input, 64);
  },
};

/** []float64 (null → none). */
export const floats: ArgType<number[]> = {
  goType: '[]float64',
  decode(raw) {
    if (raw === 'null') return [];
    if (!raw.startsWith('[')) throw typeError(raw, this.goType);
    return rawArrayElements(raw).map((e) => {
      if (e === 'null') return 0;
      if (jsonKind(e) !== 'number') throw typeError(e, 'float64');
      return Number(e);
    });
  },
};

/** hexutil.Bytes */
export const bytes: ArgType<Uint8Array> = {
  goType: 'hexutil.Bytes',
  decode(raw) {
    if (!isString(raw)) throw nonString(this.goType);
    try {
      return decodeData(unquote(raw));
    } catch (e) {
      throw new Error(`json: cannot unmarshal ${(e as Error).message} into Go value of type ${this.goType}`);
    }
  },
};

/** An object argument kept as its members (raw JSON texts), e.g. a call's TransactionArgs. */
export function object(goType: string): ArgType<ReadonlyMap<string, string>> {
  return {
    goType,
    decode(raw) {
      if (raw === 'null') return new Map();
      if (!raw.startsWith('{')) throw typeError(raw, goType);
      return new Map(rawObjectMembers(raw));
    },
  };
}

/** Any JSON value, kept as its raw text (for methods that refuse before reading it). */
export const anyValue: ArgType<string> = { goType: 'interface {}', decode: (raw) => raw };

/** The same type, as a Go pointer (may be left out). */
export function optional<T>(t: ArgType<T>): ArgType<T | undefined> {
  return { goType: `*${t.goType}`, optional: true, decode: (raw) => (raw === 'null' ? undefined : t.decode(raw)) };
}

/**
 * `params` (raw JSON text, undefined when absent) → the arguments of a method taking `types`.
 * Throws ParamsError with geth's texts.
 */
export function parsePositional(params: string | undefined, types: readonly ArgType<unknown>[]): unknown[] {
  const text = params?.trim();
  let elements: string[] = [];
  if (text !== undefined && text !== '' && text !== 'null') {
    if (!text.startsWith('[')) throw new ParamsError('non-array args');
    elements = rawArrayElements(text);
  }
  // in geth's order: each given argument decodes in turn (one past the last is "too many"), then the missing ones
  const args: unknown[] = [];
  elements.forEach((raw, i) => {
    const type = types[i];
    if (type === undefined) throw new ParamsError(`too many arguments, want at most ${types.length}`);
    try {
      args.push(type.decode(raw));
    } catch (e) {
      throw new ParamsError(`invalid argument ${i}: ${(e as Error).message}`);
    }
  });
  for (let i = elements.length; i < types.length; i++) {
    if (!types[i]!.optional) throw new ParamsError(`missing value for required argument ${i}`);
    args.push(undefined);
  }
  return args;
}
