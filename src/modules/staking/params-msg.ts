/** MsgUpdateParams (reference/sdk-modules.md §2.3): authority = the gov module account; the params must validate. */
import type { MsgSpec } from '../../state/module.ts';
import { requireGovAuthority } from '../authority.ts';
import type { MsgUpdateParams } from './msg-types.ts';
import { paramsFromProto, validateStakingParams } from './params.ts';
import { addressProblem } from '../register/validate.ts';
import { ChainError } from '../../errors.ts';
import { Hrp } from '../../crypto/address.ts';

const P = 'sdk.staking.v1beta1';

export const msgUpdateParams: MsgSpec<MsgUpdateParams> = {
  typeName: `${P}.MsgUpdateParams`,
  responseType: `${P}.MsgUpdateParamsResponse`,
  signers: (msg) => [msg.authority],
  validateBasic(msg) {
    const why = addressProblem(msg.authority, Hrp.account);
    if (why !== undefined) throw new ChainError('undefined', 1, `invalid authority address: ${why}`);
    validateStakingParams(paramsFromProto(msg.params));
  },
  handle(draft, msg) {
    requireGovAuthority(msg.authority);
    const params = paramsFromProto(msg.params);
    validateStakingParams(params);
    draft.staking.params = params;
    return {};
  },
};
