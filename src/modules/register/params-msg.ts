/**
 * MsgUpdateParams (reference/chain-semantics.md §1.5.12): authority = the gov module account.
 */
import type { MsgSpec } from '../../state/module.ts';
import { requireGovAuthority } from '../authority.ts';
import { paramsFromProto, validateRegisterParams } from './params.ts';
import type { MsgUpdateParams } from './msg-types.ts';

const P = 'chain.register.v1';


export const msgUpdateParams: MsgSpec<MsgUpdateParams> = {
  typeName: `${P}.MsgUpdateParams`,
  responseType: `${P}.MsgUpdateParamsResponse`,
  signers: (msg) => [msg.authority],
  handle(draft, msg) {
    requireGovAuthority(msg.authority);
    const params = paramsFromProto(msg.params);
    validateRegisterParams(params);
    draft.register.params = params;
    return {};
  },
};

