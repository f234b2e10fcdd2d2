/**
 * The call object of `eth_call` and `eth_estimateGas` (stratos-chain x/evm `types.TransactionArgs`),
 * decoded as Go's encoding/json decodes it: keys match case-insensitively, unknown keys are
 * ignored, `null` leaves a field unset, and a value that does not decode is the hexutil type's
 * error placed on the struct field (`json: cannot unmarshal hex string without 0x prefix into Go
 * struct field TransactionArgs.to of type common.Address`), answered as -32602 `invalid argument
 * 0: …` like every argument error.
 */
import { jsonKind } from '../geth-rpc/dispatch.ts';
import { rawObjectMembers } from '../geth-rpc/json-stream.ts';
import { decodeFixed, HexError, HexErrors } from './hexutil.ts';
import { has0x, isString, type ArgType } from './params.ts';

export interface TransactionArgs {
  readonly from?: Uint8Array;
  readonly to?: Uint8Array;
  readonly gas?: bigint;
  readonly gasPrice?: bigint;
  readonly maxFeePerGas?: bigint;
  readonly maxPriorityFeePerGas?: bigint;
  readonly value?: bigint;
  readonly nonce?: bigint;
  readonly data?: Uint8Array;
  readonly input?: Uint8Array;
  readonly chainId?: bigint;
}

const STRUCT = 'TransactionArgs';

/** encoding/json's UnmarshalTypeError inside a struct field. */
export function fieldError(struct: string, field: string, goType: string, why: string): Error {
  return new Error(`json: cannot unmarshal ${why} into Go struct field ${struct}.${field} of type ${goType}`);
}

/** common.Address / common.Hash in a struct field (hexutil.UnmarshalFixedJSON). */
export function fixedField(struct: string, field: string, raw: string, length: number, goType: string): Uint8Array {
  if (!isString(raw)) throw fieldError(struct, field, goType, 'non-string');
  try {
    return decodeFixed(JSON.parse(raw) as string, length, goType);
  } catch (e) {
    if (!(e instanceof HexError)) throw e;
    // the length error is a plain error; the others are type errors, which get the field's place
    throw new Error(e.message.replace(' into Go value of type ', ` into Go struct field ${struct}.${field} of type `));
  }
}

/** hexutil.Uint64 / hexutil.Big `UnmarshalText` (the empty string is 0). */
function quantityField(field: string, raw: string, bits: 64 | 256, goType: string): bigint {
  if (!isString(raw)) throw fieldError(STRUCT, field, goType, 'non-string');
  const text = JSON.parse(raw) as string;
  if (text === '') return 0n;
  const fail = (why: string) => fieldError(STRUCT, field, goType, why);
  if (!has0x(text)) throw fail(HexErrors.missingPrefix);
  const digits = text.slice(2);
  if (digits === '') throw fail(HexErrors.emptyNumber);
  if (digits.length > 1 && digits[0] === '0') throw fail(HexErrors.leadingZero);
  if (digits.length > bits / 4) throw fail(bits === 64 ? HexErrors.uint64Range : HexErrors.big256Range);
  if (!/^[0-9a-fA-F]+$/.test(digits)) throw fail(HexErrors.syntax);
  return BigInt(`0x${digits}`);
}

/** hexutil.Bytes `UnmarshalText`: the empty string is no bytes; prefix, then length, then digits. */
function bytesField(field: string, raw: string): Uint8Array {
  const goType = 'hexutil.Bytes';
  if (!isString(raw)) throw fieldError(STRUCT, field, goType, 'non-string');
  const text = JSON.parse(raw) as string;
  if (text === '') return new Uint8Array(0);
  if (!has0x(text)) throw fieldError(STRUCT, field, goType, HexErrors.missingPrefix);
  const digits = text.slice(2);
  if (digits.length % 2 !== 0) throw fieldError(STRUCT, field, goType, HexErrors.oddLength);
  if (!/^[0-9a-fA-F]*$/.test(digits)) throw fieldError(STRUCT, field, goType, HexErrors.syntax);
  return new Uint8Array(Buffer.from(digits, 'hex'));
}

type Decoded = { -readonly [K in keyof TransactionArgs]: TransactionArgs[K] };

const address = (field: string) => (raw: string) => fixedField(STRUCT, field, raw, 20, 'common.Address');
const uint64 = (field: string) => (raw: string) => quantityField(field, raw, 64, 'hexutil.Uint64');
const big = (field: string) => (raw: string) => quantityField(field, raw, 256, '*hexutil.Big');
const bytes = (field: string) => (raw: string) => bytesField(field, raw);

/** The fields by their lower-cased JSON key (encoding/json matches keys case-insensitively). */
const FIELDS: ReadonlyMap<string, readonly [keyof TransactionArgs, (raw: string) => Uint8Array | bigint]> = new Map(
  (
    [
      ['from', address],
      ['to', address],
      ['gas', uint64],
      ['gasPrice', big],
      ['maxFeePerGas', big],
      ['maxPriorityFeePerGas', big],
      ['value', big],
      ['nonce', uint64],
      ['data', bytes],
      ['input', bytes],
      ['chainId', big],
    ] as const
  ).map(([name, type]) => [name.toLowerCase(), [name, type(name)]] as const),
);

export const transactionArgs: ArgType<TransactionArgs> = {
  goType: 'types.TransactionArgs',
  decode(raw) {
    if (raw === 'null') return {};
    if (!raw.startsWith('{')) throw new Error(`json: cannot unmarshal ${jsonKind(raw)} into Go value of type ${this.goType}`);
    const out: Decoded = {};
    // a value of the wrong JSON kind for a plain Go type is kept and reported at the end (encoding/json's
    // saved error); the hexutil types' own errors end the decoding at once
    let saved: Error | undefined;
    for (const [key, value] of rawObjectMembers(raw)) {
      const k = key.toLowerCase();
      if (k === 'accesslist') {
        if (value !== 'null' && !value.startsWith('[')) saved ??= fieldError(STRUCT, 'accessList', 'types.AccessList', jsonKind(value));
        continue;
      }
      const field = FIELDS.get(k);
      if (!field) continue;
      const [name, decodeField] = field;
      if (value === 'null') delete out[name];
      else (out as Record<string, unknown>)[name] = decodeField(value);
    }
    if (saved) throw saved;
    return out;
  },
};

/** The call's input (x/evm `TransactionArgs.GetData`: `input` over `data`); empty when neither is set. */
export function callData(args: TransactionArgs): Uint8Array {
  return args.input ?? args.data ?? new Uint8Array(0);
}
