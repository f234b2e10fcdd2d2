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

/** SDK v0.47 `Params.Validate`: every value non-zero, with the SDK's texts. */
export function validateAuthParams(p: AuthParams): void {
  const checks: [bigint, string][] = [
    [p.max_memo_characters, 'invalid max memo characters'],
    [p.tx_sig_limit, 'invalid tx signature limit'],
    [p.sig_verify_cost_ed25519, 'invalid ED25519 signature verification cost'],
    [p.sig_verify_cost_secp256k1, 'invalid SECK256k1 signature verification cost'],
    [p.tx_size_cost_per_byte, 'invalid tx size cost per byte'],
  ];
  for (const [v, text] of checks) if (v <= 0n) throw new Error(`${text}: ${v}`);
}

/** The params of a MsgUpdateParams (uint64 fields as the codec decodes them). */
export function authParamsFromProto(p: Partial<Record<keyof AuthParams, bigint | number | string>> | null): AuthParams {
  const u = (v: bigint | number | string | undefined) => BigInt(v ?? 0);
  return {
    max_memo_characters: u(p?.max_memo_characters),
    tx_sig_limit: u(p?.tx_sig_limit),
    tx_size_cost_per_byte: u(p?.tx_size_cost_per_byte),
    sig_verify_cost_ed25519: u(p?.sig_verify_cost_ed25519),
    sig_verify_cost_secp256k1: u(p?.sig_verify_cost_secp256k1),
  };
}
