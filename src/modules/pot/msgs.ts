/** The pot messages (reference/chain-semantics.md §3.3–3.9), in the order of the proto Msg service. */
import type { MsgSpec } from '../../state/module.ts';
import { msgUpdatePotParams } from './params-msg.ts';
import { msgVolumeReport } from './report-msg.ts';
import { msgFoundationDeposit, msgLegacyWithdraw, msgWithdraw } from './reward-msgs.ts';
import { msgSlashingResourceNode } from './slashing-msg.ts';

export { msgVolumeReport, msgWithdraw, msgLegacyWithdraw, msgFoundationDeposit, msgSlashingResourceNode, msgUpdatePotParams };

export const potMsgs: readonly MsgSpec[] = [msgVolumeReport, msgWithdraw, msgLegacyWithdraw, msgFoundationDeposit, msgSlashingResourceNode, msgUpdatePotParams];
