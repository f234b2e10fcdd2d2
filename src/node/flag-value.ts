/**
 * Typed values of start flags and config keys, parsed with the Go texts the real binary prints
 * (pflag: `invalid argument "x" for "--halt-height" flag: strconv.ParseUint: parsing "x": invalid
 * syntax`). Config-file values arrive typed from TOML and are accepted in either form, as viper's
 * casts do (`pruning-keep-recent = "100"` and `= 100` are the same).
 */
import { decodeGoHex } from '../codec/go-hex.ts';
import { parseGoDuration } from './go-duration.ts';
import { parseGoAtoi, parseGoInt, parseGoUint } from '../codec/go-parse.ts';
import type { FlagKind } from './start-flags.ts';

export type FlagValue = string | boolean | bigint | number | readonly string[] | readonly bigint[] | Uint8Array;

const GO_TRUE = ['1', 't', 'T', 'TRUE', 'true', 'True'];
const GO_FALSE = ['0', 'f', 'F', 'FALSE', 'false', 'False'];

/** Parses flag text; throws the Go parser's message (without the pflag prefix). */
export function parseFlagText(kind: FlagKind, text: string): FlagValue {
  switch (kind) {
    case 'string':
      return text;
    case 'bool':
      if (GO_TRUE.includes(text)) return true;
      if (GO_FALSE.includes(text)) return false;
      throw new Error(`strconv.ParseBool: parsing ${JSON.stringify(text)}: invalid syntax`);
    // pflag's integer flags parse in base 0 (`0x10` is 16)
    case 'uint':
      return parseGoUint(text, 64);
    case 'uint32':
      return parseGoUint(text, 32);
    case 'int':
      return parseGoInt(text, 64);
    case 'int32':
      return parseGoInt(text, 32);
    case 'float': {
      if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) throw new Error(`strconv.ParseFloat: parsing ${JSON.stringify(text)}: invalid syntax`);
      return Number(text);
    }
    case 'duration':
      return parseGoDuration(text);
    case 'strings':
      return text === '' ? [] : text.split(',').map((s) => s.trim());
    case 'ints':
      return text === '' ? [] : text.split(',').map((s) => parseGoAtoi(s.trim()));
    case 'hex':
      return decodeGoHex(text);
  }
}

/** A value from config.toml / app.toml: TOML-typed, or text parsed as the flag would be. */
export function parseConfigValue(kind: FlagKind, value: unknown): FlagValue {
  if (typeof value === 'string') return parseFlagText(kind, value);
  switch (kind) {
    case 'bool':
      if (typeof value === 'boolean') return value;
      break;
    case 'uint':
    case 'uint32':
    case 'int':
    case 'int32':
      if (typeof value === 'number' && Number.isInteger(value)) return parseFlagText(kind, String(value));
      if (typeof value === 'bigint') return parseFlagText(kind, value.toString());
      break;
    case 'float':
      if (typeof value === 'number') return value;
      break;
    case 'strings':
      if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
      break;
    case 'ints':
      if (Array.isArray(value) && value.every((v) => typeof v === 'number' && Number.isInteger(v))) return (value as number[]).map(BigInt);
      break;
    default:
      break;
  }
  throw new Error(`expected ${describeKind(kind)}, got ${JSON.stringify(value)}`);
}

function describeKind(kind: FlagKind): string {
  switch (kind) {
    case 'bool':
      return 'true or false';
    case 'uint':
    case 'uint32':
      return 'an unsigned integer';
    case 'int':
    case 'int32':
      return 'an integer';
    case 'float':
      return 'a number';
    case 'duration':
      return 'a duration such as "5s"';
    case 'strings':
      return 'a list of strings';
    case 'ints':
      return 'a list of integers';
    default:
      return 'a string';
  }
}
