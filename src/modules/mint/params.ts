/**
 * Mint params (reference/sdk-modules.md §5, §0.2): the SDK v0.47 shape with Stratos's zero-inflation
 * genesis values as the defaults. State keeps Decs as raw bigint (value × 10^18); the proto/JSON form
 * carries them as 18-place decimal text and `blocks_per_year` (uint64) as a string in JSON.
 */
import { isValidDenom } from '../../math/coin.ts';
import { Dec } from '../../math/dec.ts';

export interface MintParams {
  readonly mint_denom: string;
  /** Dec raw */
  readonly inflation_rate_change: bigint;
  readonly inflation_max: bigint;
  readonly inflation_min: bigint;
  readonly goal_bonded: bigint;
  readonly blocks_per_year: bigint;
}

/** `stratos-1` genesis (§0.2): every rate 0, goal_bonded 0.67, 6311520 blocks per year. */
export const DEFAULT_MINT_PARAMS: MintParams = Object.freeze({
  mint_denom: 'wei',
  inflation_rate_change: 0n,
  inflation_max: 0n,
  inflation_min: 0n,
  goal_bonded: Dec.fromString('0.67').raw,
  blocks_per_year: 6_311_520n,
});

const ONE = Dec.ONE.raw;
const dec = (raw: bigint) => Dec.fromRaw(raw).toString();

/**
 * `Params.Validate` of x/mint v0.47: plain Go errors (codespace `undefined`, code 1 when they reach
 * a tx result), texts as the SDK's. Throws Error.
 */
export function validateMintParams(p: MintParams): void {
  if (p.mint_denom.trim() === '') throw new Error('mint denom cannot be blank');
  if (!isValidDenom(p.mint_denom)) throw new Error(`invalid denom: ${p.mint_denom}`);
  const unit = (v: bigint, what: string) => {
    if (v < 0n) throw new Error(`${what} cannot be negative: ${dec(v)}`);
    if (v > ONE) throw new Error(`${what} too large: ${dec(v)}`);
  };
  unit(p.inflation_rate_change, 'inflation rate change');
  unit(p.inflation_max, 'max inflation');
  unit(p.inflation_min, 'min inflation');
  if (p.goal_bonded <= 0n) throw new Error(`goal bonded must be positive: ${dec(p.goal_bonded)}`);
  if (p.goal_bonded > ONE) throw new Error(`goal bonded too large: ${dec(p.goal_bonded)}`);
  if (p.blocks_per_year <= 0n) throw new Error(`blocks per year must be positive: ${p.blocks_per_year}`);
  if (p.inflation_max < p.inflation_min) {
    throw new Error(`max inflation (${dec(p.inflation_max)}) must be greater than or equal to min inflation (${dec(p.inflation_min)})`);
  }
}

/** The proto object / proto-JSON form (Decs as 18-place text; `blocks_per_year` as bigint, the codec prints it as a string). */
export function mintParamsToProto(p: MintParams): Record<string, unknown> {
  return {
    mint_denom: p.mint_denom,
    inflation_rate_change: dec(p.inflation_rate_change),
    inflation_max: dec(p.inflation_max),
    inflation_min: dec(p.inflation_min),
    goal_bonded: dec(p.goal_bonded),
    blocks_per_year: p.blocks_per_year,
  };
}

/** Genesis JSON form: as the proto form with `blocks_per_year` as a string. */
export function mintParamsToJson(p: MintParams): Record<string, unknown> {
  return { ...mintParamsToProto(p), blocks_per_year: p.blocks_per_year.toString() };
}

function decAt(v: unknown, field: string): bigint {
  const text = v === undefined || v === null || v === '' ? '0' : String(v);
  try {
    return Dec.fromString(text).raw;
  } catch (e) {
    throw new Error(`mint params: ${field}: ${(e as Error).message}`);
  }
}

/** From the proto object or genesis JSON (blocks_per_year as number, bigint or string). Throws Error naming the field. */
export function mintParamsFromProto(p: Record<string, unknown> | null | undefined): MintParams {
  const o = p ?? {};
  const bpy = String(o.blocks_per_year ?? '0');
  if (!/^[0-9]+$/.test(bpy)) throw new Error(`mint params: blocks_per_year must be an unsigned integer, got ${JSON.stringify(o.blocks_per_year)}`);
  return {
    mint_denom: String(o.mint_denom ?? ''),
    inflation_rate_change: decAt(o.inflation_rate_change, 'inflation_rate_change'),
    inflation_max: decAt(o.inflation_max, 'inflation_max'),
    inflation_min: decAt(o.inflation_min, 'inflation_min'),
    goal_bonded: decAt(o.goal_bonded, 'goal_bonded'),
    blocks_per_year: BigInt(bpy),
  };
}
