/**
 * `sdk.mint.v1beta1.MsgUpdateParams` (gov only). ValidateBasic (v0.47): the authority parses and
 * the params are valid (plain Go errors); the handler: authority = the gov module account, params
 * valid again (SetParams).
 */
import { plainError } from '../../errors.ts';
import type { MsgSpec } from '../../state/module.ts';
import { requireGovAuthority } from '../authority.ts';
import { authorityParses } from '../slashing/authority-address.ts';
import { mintParamsFromProto, validateMintParams, type MintParams } from './params.ts';

export interface MsgUpdateMintParams {
  readonly authority: string;
  readonly params: Record<string, unknown>;
}

const P = 'sdk.mint.v1beta1';

function paramsOf(msg: MsgUpdateMintParams): MintParams {
  try {
    const params = mintParamsFromProto(msg.params);
    validateMintParams(params);
    return params;
  } catch (e) {
    throw plainError((e as Error).message);
  }
}

export const msgUpdateMintParams: MsgSpec<MsgUpdateMintParams> = {
  typeName: `${P}.MsgUpdateParams`,
  responseType: `${P}.MsgUpdateParamsResponse`,
  signers: (msg) => [msg.authority],
  validateBasic(msg) {
    authorityParses(msg.authority);
    paramsOf(msg);
  },
  handle(draft, msg) {
    requireGovAuthority(msg.authority);
    draft.mint.params = paramsOf(msg);
    return {};
  },
};

export const mintMsgs: readonly MsgSpec[] = [msgUpdateMintParams];
