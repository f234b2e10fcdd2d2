/**
 * Deposit messages (reference/chain-semantics.md §1.5.7–1.5.9): deposit increases of both kinds,
 * the spec's meta-node decrease, and MsgUpdateEffectiveDeposit.
 */
import type { MsgSpec } from '../../state/module.ts';
import { addMetaNodeDeposit, addResourceNodeDeposit } from './deposits.ts';
import { RegisterErrors } from './errors.ts';
import { coinText, RegisterEvents, rfc3339Seconds } from './events.ts';
import { decreaseOzoneLimitBySubtractDeposit, increaseOzoneLimitByAddDeposit, isUnbondable } from './ozone.ts';
import { getMetaNode, getResourceNode, setResourceNode, unbondingTotal } from './state.ts';
import { decreaseMetaNodeDeposit } from './unbonding.ts';
import { accProblem, checkNetworkAddress, checkOwner, coinAmount, sdsProblem, wrapped } from './validate.ts';
import type { MsgUpdateResourceNodeDeposit, MsgUpdateMetaNodeDeposit, MsgUpdateEffectiveDeposit } from './msg-types.ts';

const P = 'chain.register.v1';

function validateDepositUpdate(msg: MsgUpdateResourceNodeDeposit): void {
  checkNetworkAddress(msg.network_address);
  checkOwner(msg.owner_address);
  if (coinAmount(msg.deposit_delta) <= 0n) throw RegisterErrors.InvalidDepositChange.error();
}

export const msgUpdateResourceNodeDeposit: MsgSpec<MsgUpdateResourceNodeDeposit> = {
  typeName: `${P}.MsgUpdateResourceNodeDeposit`,
  responseType: `${P}.MsgUpdateResourceNodeDepositResponse`,
  signers: (msg) => [msg.owner_address],
  validateBasic: validateDepositUpdate,
  handle(draft, msg, ctx) {
    const delta = coinAmount(msg.deposit_delta);
    const denom = msg.deposit_delta?.denom ?? '';
    const before = wrapped(RegisterErrors.UpdateResourceNodeDeposit, () => {
      if (denom !== draft.register.params.bond_denom) throw RegisterErrors.BadDenom.error();
      const node = getResourceNode(draft, msg.network_address);
      if (!node) throw RegisterErrors.NoResourceNodeFound.error();
      if (node.owner_address !== msg.owner_address) throw RegisterErrors.InvalidOwnerAddr.error();
      const available = node.tokens - unbondingTotal(draft, msg.network_address);
      addResourceNodeDeposit(draft, node, delta, denom, ctx);
      return { tokens: node.tokens, available };
    });
    ctx.emit(
      RegisterEvents.updateResourceNodeDeposit({
        sender: msg.owner_address,
        network_address: msg.network_address,
        deposit_delta: coinText(delta, denom),
        // [QUIRK] the pre-update deposit
        current_deposit: coinText(before.tokens, denom),
        available_token_before: before.available.toString(),
        available_token_after: (before.available + delta).toString(),
        ozone_limit_changes: '0',
        unbonding_mature_time: rfc3339Seconds(ctx.block.timeNs),
      }),
    );
    return {};
  },
};

/**
 * The spec's `update-meta-node-deposit --incr-deposit false` decreases the deposit; the message
 * has no field for the direction, so a decrease travels as a negative `deposit_delta`
 * (docs/quirks.md). The real chain only increases.
 */
export const msgUpdateMetaNodeDeposit: MsgSpec<MsgUpdateMetaNodeDeposit> = {
  typeName: `${P}.MsgUpdateMetaNodeDeposit`,
  responseType: `${P}.MsgUpdateMetaNodeDepositResponse`,
  signers: (msg) => [msg.owner_address],
  validateBasic(msg) {
    checkNetworkAddress(msg.network_address);
    checkOwner(msg.owner_address);
    if (coinAmount(msg.deposit_delta) === 0n) throw RegisterErrors.InvalidDepositChange.error();
  },
  handle(draft, msg, ctx) {
    const signed = coinAmount(msg.deposit_delta);
    const delta = signed < 0n ? -signed : signed;
    const denom = msg.deposit_delta?.denom ?? '';
    const decrease = msg.incr_deposit === false || signed < 0n;
    const r = wrapped(RegisterErrors.UpdateMetaNodeDeposit, () => {
      if (denom !== draft.register.params.bond_denom) throw RegisterErrors.BadDenom.error();
      const node = getMetaNode(draft, msg.network_address);
      if (!node) throw RegisterErrors.NoMetaNodeFound.error();
      if (node.owner_address !== msg.owner_address) throw RegisterErrors.InvalidOwnerAddr.error();
      const available = node.tokens - unbondingTotal(draft, msg.network_address);
      if (decrease) {
        const d = decreaseMetaNodeDeposit(draft, node, delta, ctx);
        return { tokens: node.tokens, available, ozone: -d.ozoneDecrease, matureTime: d.matureTime };
      }
      const a = addMetaNodeDeposit(draft, node, delta, denom, ctx);
      return { tokens: node.tokens, available, ozone: a.ozoneChange, matureTime: ctx.block.timeNs };
    });
    ctx.emit(
      RegisterEvents.updateMetaNodeDeposit({
        sender: msg.owner_address,
        network_address: msg.network_address,
        deposit_delta: coinText(delta, denom),
        // [QUIRK] the pre-update deposit
        current_deposit: coinText(r.tokens, denom),
        available_token_before: r.available.toString(),
        available_token_after: (decrease ? r.available - delta : r.available + delta).toString(),
        ozone_limit_changes: r.ozone.toString(),
        unbonding_mature_time: rfc3339Seconds(r.matureTime),
      }),
    );
    return {};
  },
};

function effectiveTokensOf(msg: MsgUpdateEffectiveDeposit): bigint | undefined {
  return /^-?\d+$/.test(msg.effective_tokens ?? '') ? BigInt(msg.effective_tokens) : undefined;
}

export const msgUpdateEffectiveDeposit: MsgSpec<MsgUpdateEffectiveDeposit> = {
  typeName: `${P}.MsgUpdateEffectiveDeposit`,
  responseType: `${P}.MsgUpdateEffectiveDepositResponse`,
  signers: (msg) => [...msg.reporter_owner],
  validateBasic(msg) {
    if (msg.network_address === '') throw RegisterErrors.InvalidNetworkAddr.error();
    if (msg.reporters.length === 0) throw RegisterErrors.ReporterAddress.error();
    if (msg.reporter_owner.length === 0 || msg.reporter_owner.length !== msg.reporters.length) throw RegisterErrors.InvalidOwnerAddr.error();
    if (msg.reporters.some((r) => r === '')) throw RegisterErrors.ReporterAddress.error();
    if (msg.reporter_owner.some((o) => accProblem(o) !== undefined)) throw RegisterErrors.InvalidOwnerAddr.error();
    const t = effectiveTokensOf(msg);
    if (t === undefined || t < 0n) throw RegisterErrors.InvalidAmount.error();
  },
  handle(draft, msg, ctx) {
    if (msg.reporters.length === 0 || msg.reporter_owner.length === 0) throw RegisterErrors.ReporterAddressOrOwner.error();
    // [QUIRK] the reporters' meta-node ownership is counted on the real chain but never used
    const why = sdsProblem(msg.network_address);
    if (why !== undefined) throw RegisterErrors.InvalidNetworkAddr.wrap(why);
    const next = effectiveTokensOf(msg) ?? 0n;
    if (next <= 0n) throw RegisterErrors.InvalidEffectiveToken.error();
    const isUnsuspended = wrapped(RegisterErrors.UpdateResourceNodeDeposit, () => {
      const node = getResourceNode(draft, msg.network_address);
      if (!node) throw RegisterErrors.NoResourceNodeFound.error();
      const unbonding = unbondingTotal(draft, msg.network_address);
      if (node.tokens <= unbonding) throw RegisterErrors.InsufficientBalance.error();
      if (node.tokens - unbonding < next) throw RegisterErrors.InsufficientBalance.error();
      const unsuspended = node.suspend && node.effective_tokens === 0n && next > 0n;
      const change = next - node.effective_tokens;
      setResourceNode(draft, { ...node, effective_tokens: next, suspend: false });
      // [QUIRK] a decrease that is not unbondable leaves St and Lt unchanged
      if (change < 0n && isUnbondable(draft, -change)) decreaseOzoneLimitBySubtractDeposit(draft, -change);
      else if (change > 0n) increaseOzoneLimitByAddDeposit(draft, change);
      return unsuspended;
    });
    ctx.emit(
      RegisterEvents.updateEffectiveDeposit({
        network_address: msg.network_address,
        effective_deposit_after: next.toString(),
        is_unsuspended: String(isUnsuspended),
      }),
    );
    return {};
  },
};

