/**
 * MsgUpdateParams of pot: authority = the gov module account; the new params must pass
 * `validatePotParams` (§3.2).
 */
import { ChainError } from '../../errors.ts';
import type { MsgSpec } from '../../state/module.ts';
import { moduleAccountAddress } from '../auth/account.ts';
import type { MsgUpdateParams } from './msg-types.ts';
import { potParamsFromProto, validatePotParams } from './params.ts';

const P = 'chain.pot.v1';

/** SDK x/gov `ErrInvalidSigner` (codespace gov, code 13). */
const GOV_INVALID_SIGNER_TEXT = 'expected gov account as only signer for proposal message';

export const msgUpdatePotParams: MsgSpec<MsgUpdateParams> = {
  typeName: `${P}.MsgUpdateParams`,
  responseType: `${P}.MsgUpdateParamsResponse`,
  signers: (msg) => [msg.authority],
  handle(draft, msg) {
    const gov = moduleAccountAddress('gov');
    if (msg.authority !== gov) throw new ChainError('gov', 13, `invalid authority; expected ${gov}, got ${msg.authority}: ${GOV_INVALID_SIGNER_TEXT}`);
    const params = potParamsFromProto(msg.params as unknown as Record<string, unknown>);
    validatePotParams(params);
    (draft.pot as { params: typeof params }).params = params;
    return {};
  },
};
