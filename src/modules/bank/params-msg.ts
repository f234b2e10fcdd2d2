/**
 * `sdk.bank.v1beta1.MsgUpdateParams` (gov only; the shape every SDK module shares:
 * src/modules/update-params-msg.ts): sets `default_send_enabled`; the per-denom send_enabled list
 * stays in state and may not be given in the params (v0.47).
 */
import { updateParamsMsg } from '../update-params-msg.ts';
import { validateBankParams } from './params.ts';

interface ProtoBankParams {
  readonly send_enabled?: readonly { denom: string; enabled: boolean }[];
  readonly default_send_enabled?: boolean;
}

export const msgUpdateBankParams = updateParamsMsg({
  pkg: 'sdk.bank.v1beta1',
  fromProto: (p: ProtoBankParams | null) => ({ send_enabled: p?.send_enabled ?? [], default_send_enabled: p?.default_send_enabled ?? false }),
  validate: validateBankParams,
  set: (draft, params) => void (draft.bank.params = { send_enabled: draft.bank.params.send_enabled, default_send_enabled: params.default_send_enabled }),
});
