/**
 * `sdk.slashing.v1beta1.MsgUpdateParams` (gov only). ValidateBasic (v0.47): the authority parses,
 * the params are valid (plain Go errors); the handler: authority = the gov module account.
 */
import { plainError } from '../../errors.ts';
import type { MsgSpec } from '../../state/module.ts';
import { requireGovAuthority } from '../authority.ts';
import { authorityParses } from './authority-address.ts';
import { slashingParamsFromProto, validateSlashingParams, type SlashingParams } from './params.ts';

export interface MsgUpdateSlashingParams {
  readonly authority: string;
  readonly params: Record<string, unknown>;
}

const P = 'sdk.slashing.v1beta1';

function paramsOf(msg: MsgUpdateSlashingParams): SlashingParams {
  try {
    const params = slashingParamsFromProto(msg.params);
    validateSlashingParams(params);
    return params;
  } catch (e) {
    throw plainError((e as Error).message);
  }
}

export const msgUpdateSlashingParams: MsgSpec<MsgUpdateSlashingParams> = {
  typeName: `${P}.MsgUpdateParams`,
  responseType: `${P}.MsgUpdateParamsResponse`,
  signers: (msg) => [msg.authority],
  validateBasic(msg) {
    authorityParses(msg.authority);
    paramsOf(msg);
  },
  handle(draft, msg) {
    requireGovAuthority(msg.authority);
    draft.slashing.params = paramsOf(msg);
    return {};
  },
};
