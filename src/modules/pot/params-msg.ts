/**
 * MsgUpdateParams of pot: authority = the gov module account; the new params must pass
 * `validatePotParams` (§3.2).
 */
import type { MsgSpec } from '../../state/module.ts';
import { requireGovAuthority } from '../authority.ts';
import type { MsgUpdateParams } from './msg-types.ts';
import { potParamsFromProto, validatePotParams } from './params.ts';

const P = 'chain.pot.v1';


export const msgUpdatePotParams: MsgSpec<MsgUpdateParams> = {
  typeName: `${P}.MsgUpdateParams`,
  responseType: `${P}.MsgUpdateParamsResponse`,
  signers: (msg) => [msg.authority],
  handle(draft, msg) {
    requireGovAuthority(msg.authority);
    const params = potParamsFromProto(msg.params as unknown as Record<string, unknown>);
    validatePotParams(params);
    (draft.pot as { params: typeof params }).params = params;
    return {};
  },
};
