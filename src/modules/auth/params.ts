/** Auth params (sdk.auth.v1beta1.Params); defaults are the SDK's and the mainnet genesis values (wire-formats §2.7). */
export interface AuthParams {
  readonly max_memo_characters: bigint;
  readonly tx_sig_limit: bigint;
  readonly tx_size_cost_per_byte: bigint;
  readonly sig_verify_cost_ed25519: bigint;
  readonly sig_verify_cost_secp256k1: bigint;
}

export const DEFAULT_AUTH_PARAMS: AuthParams = Object.freeze({
  max_memo_characters: 256n,
  tx_sig_limit: 7n,
  tx_size_cost_per_byte: 10n,
  sig_verify_cost_ed25519: 590n,
  sig_verify_cost_secp256k1: 1000n,
});

export function validateAuthParams(p: AuthParams): void {
  for (const [k, v] of Object.entries(p)) {
    if (typeof v !== 'bigint' || v <= 0n) throw new Error(`auth params: ${k} must be a positive integer, got ${String(v)}`);
  }
}
