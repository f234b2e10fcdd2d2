/**
 * Create / remove / update messages of resource and meta nodes (reference/chain-semantics.md
 * §1.5.1–1.5.6): ValidateBasic in the reference's order, handlers wrapped in the reference's sentinels.
 */
import { ChainError } from '../../errors.ts';
import type { MsgSpec } from '../../state/module.ts';
import { addMetaNodeDeposit, addResourceNodeDeposit } from './deposits.ts';
import { RegisterErrors } from './errors.ts';
import { coinText, RegisterEvents, rfc3339Seconds } from './events.ts';
import { BondStatus, getMetaNode, getResourceNode, isValidNodeType, setMetaNode, setRegistrationVotePool, setResourceNode, type MetaNodeRecord, type ResourceNodeRecord } from './state.ts';
import { unbondMetaNode, unbondResourceNode } from './unbonding.ts';
import { accProblem, checkNetworkAddress, checkNetworkAddressOfPubKey, checkOwner, coinAmount, description, isEmptyDescription, nodePubKeyBytes, nodePubKeyRecord, sdsProblem, wrapped } from './validate.ts';
import type { MsgCreateResourceNode, MsgCreateMetaNode, MsgRemoveResourceNode, MsgRemoveMetaNode, MsgUpdateResourceNode, MsgUpdateMetaNode } from './msg-types.ts';

const P = 'chain.register.v1';

/** An empty or blank beneficiary means the owner; otherwise it must parse (31). */
function beneficiaryOf(given: string, owner: string): string {
  if (given.trim() === '') return owner;
  const why = accProblem(given);
  if (why !== undefined) throw RegisterErrors.InvalidBeneficiaryAddr.wrap(why);
  return given;
}

function validateCreate(msg: MsgCreateMetaNode): void {
  checkNetworkAddressOfPubKey(msg.network_address, msg.pubkey);
  checkOwner(msg.owner_address);
  if (coinAmount(msg.value) <= 0n) throw RegisterErrors.ValueNegative.error();
  const d = description(msg.description);
  if (d.moniker === '') throw RegisterErrors.EmptyMoniker.error();
  if (isEmptyDescription(d)) throw RegisterErrors.EmptyDescription.error();
}

export const msgCreateResourceNode: MsgSpec<MsgCreateResourceNode> = {
  typeName: `${P}.MsgCreateResourceNode`,
  responseType: `${P}.MsgCreateResourceNodeResponse`,
  signers: (msg) => [msg.owner_address],
  validateBasic(msg) {
    validateCreate(msg);
    if (!isValidNodeType(msg.node_type)) throw RegisterErrors.InvalidNodeType.error();
  },
  handle(draft, msg, ctx) {
    const params = draft.register.params;
    if (!params.resource_node_reg_enabled) throw RegisterErrors.ResourceNodeRegDisabled.error();
    const beneficiary = beneficiaryOf(msg.beneficiary_address, msg.owner_address);
    const amount = coinAmount(msg.value);
    const denom = msg.value?.denom ?? '';
    wrapped(RegisterErrors.RegisterResourceNode, () => {
      if (getResourceNode(draft, msg.network_address)) throw RegisterErrors.ResourceNodePubKeyExists.error();
      if (getMetaNode(draft, msg.network_address)) throw RegisterErrors.MetaNodePubKeyExists.error();
      if (denom !== params.bond_denom) throw RegisterErrors.BadDenom.error();
      if (amount < params.resource_node_min_deposit.amount) throw RegisterErrors.InsufficientDeposit.error();
      const node: ResourceNodeRecord = {
        network_address: msg.network_address,
        pubkey: nodePubKeyRecord(msg.pubkey!),
        suspend: true,
        status: BondStatus.UNBONDED,
        tokens: 0n,
        owner_address: msg.owner_address,
        description: description(msg.description),
        creation_time: ctx.block.timeNs,
        beneficiary_address: beneficiary,
        node_type: msg.node_type,
        effective_tokens: 0n,
      };
      addResourceNodeDeposit(draft, node, amount, denom, ctx);
    });
    ctx.emit(
      RegisterEvents.createResourceNode({
        sender: msg.owner_address,
        network_address: msg.network_address,
        pubkey: Buffer.from(nodePubKeyBytes(msg.pubkey)).toString('hex'),
        ozone_limit_changes: '0',
        initial_deposit: coinText(amount, denom),
      }),
    );
    return {};
  },
};

export const msgCreateMetaNode: MsgSpec<MsgCreateMetaNode> = {
  typeName: `${P}.MsgCreateMetaNode`,
  responseType: `${P}.MsgCreateMetaNodeResponse`,
  signers: (msg) => [msg.owner_address],
  validateBasic(msg) {
    validateCreate(msg);
    if (accProblem(msg.beneficiary_address) !== undefined) throw RegisterErrors.InvalidBeneficiaryAddr.error();
  },
  handle(draft, msg, ctx) {
    const params = draft.register.params;
    const amount = coinAmount(msg.value);
    const denom = msg.value?.denom ?? '';
    wrapped(RegisterErrors.RegisterMetaNode, () => {
      if (getMetaNode(draft, msg.network_address)) throw RegisterErrors.MetaNodePubKeyExists.error();
      if (getResourceNode(draft, msg.network_address)) throw RegisterErrors.ResourceNodePubKeyExists.error();
      if (denom !== params.bond_denom) throw RegisterErrors.BadDenom.error();
      // no minimum deposit for meta nodes (§1.5.2)
      const node: MetaNodeRecord = {
        network_address: msg.network_address,
        pubkey: nodePubKeyRecord(msg.pubkey!),
        suspend: true,
        status: BondStatus.UNBONDED,
        tokens: 0n,
        owner_address: msg.owner_address,
        description: description(msg.description),
        creation_time: ctx.block.timeNs,
        beneficiary_address: beneficiaryOf(msg.beneficiary_address, msg.owner_address),
      };
      addMetaNodeDeposit(draft, node, amount, denom, ctx);
      setRegistrationVotePool(draft, {
        network_address: msg.network_address,
        approve_list: [],
        reject_list: [],
        expire_time: ctx.block.timeNs + params.voting_period,
        is_vote_passed: false,
      });
    });
    ctx.emit(RegisterEvents.createMetaNode({ sender: msg.owner_address, network_address: msg.network_address }));
    return {};
  },
};

export const msgRemoveResourceNode: MsgSpec<MsgRemoveResourceNode> = {
  typeName: `${P}.MsgRemoveResourceNode`,
  responseType: `${P}.MsgRemoveResourceNodeResponse`,
  signers: (msg) => [msg.owner_address],
  validateBasic(msg) {
    if (sdsProblem(msg.resource_node_address) !== undefined) throw RegisterErrors.InvalidNetworkAddr.error();
    if (msg.resource_node_address === '') throw RegisterErrors.EmptyResourceNodeAddr.error();
    checkOwner(msg.owner_address);
  },
  handle(draft, msg, ctx) {
    const r = wrapped(RegisterErrors.UnbondResourceNode, () => unbondResourceNode(draft, msg.resource_node_address, msg.owner_address, ctx));
    ctx.emit(
      RegisterEvents.unbondingResourceNode({
        sender: msg.owner_address,
        resource_node: msg.resource_node_address,
        deposit_to_remove: coinText(r.available, draft.register.params.bond_denom),
        unbonding_mature_time: rfc3339Seconds(r.matureTime),
      }),
    );
    return {};
  },
};

export const msgRemoveMetaNode: MsgSpec<MsgRemoveMetaNode> = {
  typeName: `${P}.MsgRemoveMetaNode`,
  responseType: `${P}.MsgRemoveMetaNodeResponse`,
  signers: (msg) => [msg.owner_address],
  validateBasic(msg) {
    if (sdsProblem(msg.meta_node_address) !== undefined) throw RegisterErrors.InvalidNetworkAddr.error();
    if (msg.meta_node_address === '') throw RegisterErrors.EmptyMetaNodeAddr.error();
    checkOwner(msg.owner_address);
  },
  handle(draft, msg, ctx) {
    const r = wrapped(RegisterErrors.UnbondMetaNode, () => unbondMetaNode(draft, msg.meta_node_address, msg.owner_address, ctx));
    ctx.emit(
      RegisterEvents.unbondingMetaNode({
        sender: msg.owner_address,
        meta_node: msg.meta_node_address,
        ozone_limit_changes: (-r.ozoneDecrease).toString(),
        deposit_to_remove: coinText(r.available, draft.register.params.bond_denom),
        unbonding_mature_time: rfc3339Seconds(r.matureTime),
      }),
    );
    return {};
  },
};

function validateUpdate(msg: MsgUpdateMetaNode): void {
  checkNetworkAddress(msg.network_address);
  checkOwner(msg.owner_address);
}

/** Shared part of the two update handlers (§1.5.5): beneficiary, owner, description replaced wholesale. */
function updatedFields<N extends MetaNodeRecord>(node: N | undefined, msg: MsgUpdateMetaNode, notFound: () => ChainError): N {
  if (msg.beneficiary_address.trim() !== '' && accProblem(msg.beneficiary_address) !== undefined) {
    throw RegisterErrors.InvalidBeneficiaryAddr.wrap(accProblem(msg.beneficiary_address)!);
  }
  if (!node) throw notFound();
  if (node.owner_address !== msg.owner_address) throw RegisterErrors.InvalidOwnerAddr.error();
  return {
    ...node,
    beneficiary_address: msg.beneficiary_address.trim() !== '' ? msg.beneficiary_address : node.beneficiary_address,
    description: description(msg.description),
  };
}

export const msgUpdateResourceNode: MsgSpec<MsgUpdateResourceNode> = {
  typeName: `${P}.MsgUpdateResourceNode`,
  responseType: `${P}.MsgUpdateResourceNodeResponse`,
  signers: (msg) => [msg.owner_address],
  validateBasic(msg) {
    validateUpdate(msg);
    if (!isValidNodeType(msg.node_type)) throw RegisterErrors.InvalidNodeType.error();
  },
  handle(draft, msg, ctx) {
    wrapped(RegisterErrors.UpdateResourceNode, () => {
      const node = updatedFields(getResourceNode(draft, msg.network_address), msg, () => RegisterErrors.NoResourceNodeFound.error());
      setResourceNode(draft, msg.node_type !== 0 ? { ...node, node_type: msg.node_type } : node);
    });
    ctx.emit(RegisterEvents.updateResourceNode({ sender: msg.owner_address, network_address: msg.network_address, beneficiary_address: msg.beneficiary_address }));
    return {};
  },
};

export const msgUpdateMetaNode: MsgSpec<MsgUpdateMetaNode> = {
  typeName: `${P}.MsgUpdateMetaNode`,
  responseType: `${P}.MsgUpdateMetaNodeResponse`,
  signers: (msg) => [msg.owner_address],
  validateBasic(msg) {
    validateUpdate(msg);
    if (description(msg.description).moniker === '') throw RegisterErrors.EmptyMoniker.error();
  },
  handle(draft, msg, ctx) {
    wrapped(RegisterErrors.UpdateMetaNode, () => {
      setMetaNode(draft, updatedFields(getMetaNode(draft, msg.network_address), msg, () => RegisterErrors.NoMetaNodeFound.error()));
    });
    ctx.emit(RegisterEvents.updateMetaNode({ sender: msg.owner_address, network_address: msg.network_address }));
    return {};
  },
};

