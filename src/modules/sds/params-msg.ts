/** MsgUpdateParams (reference/chain-semantics.md §2.5): gov authority only, then `Params.Validate`. */
import { ChainError } from '../../errors.ts';
import type { MsgSpec } from '../../state/module.ts';
import { moduleAccountAddress } from '../auth/account.ts';
import type { MsgUpdateParams } from './msg-types.ts';
import { validateSdsParams } from './params.ts';

const P = 'chain.sds.v1';

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
    const params = { bond_denom: msg.params?.bond_denom ?? '' };
    validateSdsParams(params);
    draft.sds.params = params;
    return {};
  },
};
