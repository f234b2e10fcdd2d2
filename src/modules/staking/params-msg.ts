/**
 * MsgUpdateParams (reference/sdk-modules.md §2.3; the shape every SDK module shares:
 * src/modules/update-params-msg.ts): authority = the gov module account; the params must validate.
 */
import { updateParamsMsg } from '../update-params-msg.ts';
import { paramsFromProto, validateStakingParams, type ProtoStakingParams } from './params.ts';

export const msgUpdateParams = updateParamsMsg({
  pkg: 'sdk.staking.v1beta1',
  fromProto: (p: ProtoStakingParams | null) => paramsFromProto(p),
  validate: validateStakingParams,
  set: (draft, params) => void (draft.staking.params = params),
});
