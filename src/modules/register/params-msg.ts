/**
 * MsgUpdateParams (reference/chain-semantics.md §1.5.12): authority = the gov module account.
 */
import { ChainError } from '../../errors.ts';
import type { MsgSpec } from '../../state/module.ts';
import { moduleAccountAddress } from '../auth/account.ts';
import { paramsFromProto, validateRegisterParams } from './params.ts';
import type { MsgUpdateParams } from './msg-types.ts';

const P = 'chain.register.v1';

/** SDK x/gov `ErrInvalidSigner` (codespace gov, code 13). */
const GOV_INVALID_SIGNER = { codespace: 'gov', code: 13, text: 'expected gov account as only signer for proposal message' };

export const msgUpdateParams: MsgSpec<MsgUpdateParams> = {
  typeName: `${P}.MsgUpdateParams`,
  responseType: `${P}.MsgUpdateParamsResponse`,
  signers: (msg) => [msg.authority],
  handle(draft, msg) {
    const gov = moduleAccountAddress('gov');
    if (msg.authority !== gov) {
      throw new ChainError(GOV_INVALID_SIGNER.codespace, GOV_INVALID_SIGNER.code, `invalid authority; expected ${gov}, got ${msg.authority}: ${GOV_INVALID_SIGNER.text}`);
    }
    const params = paramsFromProto(msg.params);
    validateRegisterParams(params);
    draft.register.params = params;
    return {};
  },
};

