/**
 * `sdk.mint.v1beta1.MsgUpdateParams` (gov only; the shape every SDK module shares:
 * src/modules/update-params-msg.ts).
 */
import type { MsgSpec } from '../../state/module.ts';
import { updateParamsMsg, type MsgUpdateParams } from '../update-params-msg.ts';
import { mintParamsFromProto, validateMintParams } from './params.ts';

export type MsgUpdateMintParams = MsgUpdateParams<Record<string, unknown>>;

export const msgUpdateMintParams = updateParamsMsg({
  pkg: 'sdk.mint.v1beta1',
  fromProto: (p: Record<string, unknown> | null) => mintParamsFromProto(p),
  validate: validateMintParams,
  set: (draft, params) => void (draft.mint.params = params),
});

export const mintMsgs: readonly MsgSpec[] = [msgUpdateMintParams];
