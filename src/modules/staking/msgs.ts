/** The staking messages (reference/sdk-modules.md §2.3), in the order of the proto Msg service. */
import type { MsgSpec } from '../../state/module.ts';
import { msgCancelUnbondingDelegation } from './cancel-unbonding-msg.ts';
import { msgCreateValidator } from './create-validator-msg.ts';
import { msgDelegate } from './delegate-msg.ts';
import { msgEditValidator } from './edit-validator-msg.ts';
import { msgUpdateParams } from './params-msg.ts';
import { msgBeginRedelegate } from './redelegate-msg.ts';
import { msgUndelegate } from './undelegate-msg.ts';

export type * from './msg-types.ts';
export { msgCreateValidator, msgEditValidator, msgDelegate, msgBeginRedelegate, msgUndelegate, msgCancelUnbondingDelegation, msgUpdateParams };

export const stakingMsgs: readonly MsgSpec[] = [
  msgCreateValidator,
  msgEditValidator,
  msgDelegate,
  msgBeginRedelegate,
  msgUndelegate,
  msgCancelUnbondingDelegation,
  msgUpdateParams,
];
