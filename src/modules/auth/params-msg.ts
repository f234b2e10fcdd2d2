/**
 * `sdk.auth.v1beta1.MsgUpdateParams` (gov only; the shape every SDK module shares:
 * src/modules/update-params-msg.ts).
 */
import { updateParamsMsg } from '../update-params-msg.ts';
import { authParamsFromProto, validateAuthParams } from './params.ts';

export const msgUpdateAuthParams = updateParamsMsg({
  pkg: 'sdk.auth.v1beta1',
  fromProto: authParamsFromProto,
  validate: validateAuthParams,
  set: (draft, params) => void (draft.auth.params = params),
});
