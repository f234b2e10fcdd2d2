/**
 * The register messages (reference/chain-semantics.md §1.5), in the order of the proto Msg service.
 */
import type { MsgSpec } from '../../state/module.ts';
import { msgCreateResourceNode, msgCreateMetaNode, msgRemoveResourceNode, msgRemoveMetaNode, msgUpdateResourceNode, msgUpdateMetaNode } from './node-msgs.ts';
import { msgUpdateResourceNodeDeposit, msgUpdateMetaNodeDeposit, msgUpdateEffectiveDeposit } from './deposit-msgs.ts';
import { msgMetaNodeRegistrationVote, msgKickMetaNodeVote } from './vote-msgs.ts';
import { msgUpdateParams } from './params-msg.ts';

export type * from './msg-types.ts';
export { msgCreateResourceNode, msgCreateMetaNode, msgRemoveResourceNode, msgRemoveMetaNode, msgUpdateResourceNode, msgUpdateMetaNode, msgUpdateResourceNodeDeposit, msgUpdateMetaNodeDeposit, msgUpdateEffectiveDeposit, msgMetaNodeRegistrationVote, msgKickMetaNodeVote, msgUpdateParams };

export const registerMsgs: readonly MsgSpec[] = [
  msgCreateResourceNode,
  msgRemoveResourceNode,
  msgUpdateResourceNode,
  msgUpdateResourceNodeDeposit,
  msgUpdateEffectiveDeposit,
  msgCreateMetaNode,
  msgRemoveMetaNode,
  msgUpdateMetaNode,
  msgUpdateMetaNodeDeposit,
  msgMetaNodeRegistrationVote,
  msgKickMetaNodeVote,
  msgUpdateParams,
];
