/** Bank params (sdk.bank.v1beta1.Params); `send_enabled` per denom is kept in state since SDK v0.47. */
export interface BankParams {
  readonly send_enabled: readonly Readonly<{ denom: string; enabled: boolean }>[];
  readonly default_send_enabled: boolean;
}

export const DEFAULT_BANK_PARAMS: BankParams = Object.freeze({ send_enabled: [], default_send_enabled: true });

export function isSendEnabled(params: BankParams, denom: string): boolean {
  return params.send_enabled.find((s) => s.denom === denom)?.enabled ?? params.default_send_enabled;
}

/**
 * SDK v0.47 `Params.Validate` of a MsgUpdateParams: per-denom send_enabled no longer lives in the
 * params (it is bank state since v0.47; MsgSetSendEnabled sets it).
 */
export function validateBankParams(p: { readonly send_enabled: readonly unknown[] }): void {
  if (p.send_enabled.length > 0) throw new Error('use of send_enabled in params is no longer supported');
}
