/**
 * Reading a method's parameter object as Go's encoding/json fills the node's param structs
 * (reference §1.1): keys matched without regard to case (the last of several winning), unknown
 * keys ignored, missing keys zero values, a value of the wrong JSON type
 * a -32602 `invalid argument 0: json: cannot unmarshal <type> into Go struct field <Struct>.<key>
 * of type <go type>`.
 */
import { RpcCallError, RPC_INVALID_PARAMS } from '../rpc/dispatch.ts';
import type { SdsSignature } from '../protocol/signature.ts';

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v === 'object' ? 'object' : typeof v;
}

/**
 * The value encoding/json puts in the struct field tagged `key`: the object's keys are matched
 * without regard to case (Go's `EqualFold`), and of several that match, the last one wins.
 */
function fieldOf(o: Record<string, unknown>, key: string): unknown {
  const want = key.toLowerCase();
  let value: unknown;
  for (const [k, v] of Object.entries(o)) if (k.toLowerCase() === want) value = v;
  return value;
}

export class Params {
  constructor(
    private readonly p: Record<string, unknown>,
    private readonly struct: string,
  ) {}

  private wrong(key: string, v: unknown, goType: string): never {
    throw new RpcCallError(RPC_INVALID_PARAMS, `invalid argument 0: json: cannot unmarshal ${jsonType(v)} into Go struct field ${this.struct}.${key} of type ${goType}`);
  }

  str(key: string): string {
    const v = fieldOf(this.p, key);
    if (v === undefined || v === null) return '';
    if (typeof v !== 'string') this.wrong(key, v, 'string');
    return v;
  }

  int(key: string, goType = 'int'): number {
    const v = fieldOf(this.p, key);
    if (v === undefined || v === null) return 0;
    if (typeof v !== 'number') this.wrong(key, v, goType);
    // the range of the Go type, as far as a double tells it (2^63 and 2^64 are what the largest
    // int64 and uint64 read as)
    const [min, max] = goType.startsWith('uint') ? [0, 2 ** 64] : [-(2 ** 63), 2 ** 63];
    if (!Number.isInteger(v) || v < min || v > max) {
      throw new RpcCallError(RPC_INVALID_PARAMS, `invalid argument 0: json: cannot unmarshal number ${v} into Go struct field ${this.struct}.${key} of type ${goType}`);
    }
    return v;
  }

  bool(key: string): boolean {
    const v = fieldOf(this.p, key);
    if (v === undefined || v === null) return false;
    if (typeof v !== 'boolean') this.wrong(key, v, 'bool');
    return v;
  }

  signature(key = 'signature'): SdsSignature {
    const v = fieldOf(this.p, key);
    if (v === undefined || v === null) return { address: '', pubkey: '', signature: '' };
    if (typeof v !== 'object' || Array.isArray(v)) this.wrong(key, v, 'rpc.Signature');
    const o = v as Record<string, unknown>;
    const field = (k: string): string => {
      const x = fieldOf(o, k);
      if (x === undefined || x === null) return '';
      if (typeof x !== 'string') throw new RpcCallError(RPC_INVALID_PARAMS, `invalid argument 0: json: cannot unmarshal ${jsonType(x)} into Go struct field ${this.struct}.${key}.${k} of type string`);
      return x;
    };
    return { address: field('address'), pubkey: field('pubkey'), signature: field('signature') };
  }
}

/**
 * A result object as Go writes the node's result structs: `omitempty` drops empty strings, zero
 * counters, false and empty lists; fields that are pointers in Go (the offsets) are kept when set,
 * even at 0: give those in `always`.
 */
export function omitEmpty(o: Record<string, unknown>, always: readonly string[] = ['offsetstart', 'offsetend']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined || v === null) continue;
    if (!always.includes(k) && (v === '' || v === 0 || v === false || (Array.isArray(v) && v.length === 0))) continue;
    out[k] = v;
  }
  return out;
}
