/** MsgUpdateParams (reference/chain-semantics.md §2.5): gov authority only, then `Params.Validate`. */
import type { MsgSpec } from '../../state/module.ts';
import { requireGovAuthority } from '../authority.ts';
import type { MsgUpdateParams } from './msg-types.ts';
import { validateSdsParams } from './params.ts';

const P = 'chain.sds.v1';


export const msgUpdateParams: MsgSpec<MsgUpdateParams> = {
  typeName: `${P}.MsgUpdateParams`,
  responseType: `${P}.MsgUpdateParamsResponse`,
  signers: (msg) => [msg.authority],
  handle(draft, msg) {
    requireGovAuthority(msg.authority);
    const params = { bond_denom: msg.params?.bond_denom ?? '' };
    validateSdsParams(params);
    draft.sds.params = params;
    return {};
  },
};
