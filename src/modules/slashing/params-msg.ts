/**
 * `sdk.slashing.v1beta1.MsgUpdateParams` (gov only; the shape every SDK module shares:
 * src/modules/update-params-msg.ts).
 */
import { updateParamsMsg, type MsgUpdateParams } from '../update-params-msg.ts';
import { slashingParamsFromProto, validateSlashingParams } from './params.ts';

export type MsgUpdateSlashingParams = MsgUpdateParams<Record<string, unknown>>;

export const msgUpdateSlashingParams = updateParamsMsg({
  pkg: 'sdk.slashing.v1beta1',
  fromProto: (p: Record<string, unknown> | null) => slashingParamsFromProto(p),
  validate: validateSlashingParams,
  set: (draft, params) => void (draft.slashing.params = params),
});
