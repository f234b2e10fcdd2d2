/**
 * MsgSlashingResourceNode (reference/chain-semantics.md §3.9): any one owner of a meta node may
 * record a slashing debt (in wei, priced from noz by the traffic formula) against a wallet and
 * suspend or unsuspend the resource node. No coins move now; maturation and unbonding collect it.
 */
import { Hrp } from '../../crypto/address.ts';
import { SdkErrors } from '../../errors.ts';
import type { MsgSpec } from '../../state/module.ts';
import { addSlashing, decreaseOzoneLimitBySubtractDeposit, getResourceNode, NODE_TYPE_NAMES, ownsMetaNode, RegisterErrors, setResourceNode } from '../register/index.ts';
import { bech32Problem } from './addresses.ts';
import { rewardInputs, trafficPool } from './distribute.ts';
import { PotErrors } from './errors.ts';
import { PotEvents } from './events.ts';
import type { MsgSlashingResourceNode } from './msg-types.ts';

const P = 'chain.pot.v1';

const intOf = (s: string): bigint => BigInt(s === '' ? '0' : s);

export const msgSlashingResourceNode: MsgSpec<MsgSlashingResourceNode> = {
  typeName: `${P}.MsgSlashingResourceNode`,
  responseType: `${P}.MsgSlashingResourceNodeResponse`,
  signers: (msg) => [...msg.reporter_owner],
  validateBasic(msg) {
    if (msg.network_address === '') throw PotErrors.MissingTargetAddress.error();
    if (msg.wallet_address === '') throw PotErrors.MissingWalletAddress.error();
    for (const r of msg.reporters) if (r === '') throw PotErrors.ReporterAddress.error();
    for (const o of msg.reporter_owner) if (bech32Problem(o, Hrp.account) !== undefined) throw PotErrors.InvalidAddress.error();
    if (intOf(msg.slashing) < 0n) throw PotErrors.InvalidAmount.error();
  },
  handle(draft, msg, ctx) {
    if (msg.reporters.length === 0 || msg.reporter_owner.length === 0) throw PotErrors.ReporterAddressOrOwner.error();
    msg.reporters.forEach((reporter, i) => {
      const rp = bech32Problem(reporter, Hrp.sds);
      if (rp !== undefined) throw PotErrors.ReporterAddress.wrap(rp);
      const owner = msg.reporter_owner[i];
      // [EDGE] more reporters than owners: the chain indexes out of range and panics
      if (owner === undefined) throw SdkErrors.Panic.wrap(`runtime error: index out of range [${i}] with length ${msg.reporter_owner.length}`);
      const op = bech32Problem(owner, Hrp.account);
      if (op !== undefined) throw PotErrors.ReporterOwnerAddr.wrap(op);
      if (!ownsMetaNode(draft, owner, reporter)) throw PotErrors.ReporterAddressOrOwner.error();
    });
    const np = bech32Problem(msg.network_address, Hrp.sds);
    if (np !== undefined) throw PotErrors.InvalidAddress.wrap(np);
    const wp = bech32Problem(msg.wallet_address, Hrp.account);
    if (wp !== undefined) throw PotErrors.InvalidAddress.wrap(wp);

    const node = getResourceNode(draft, msg.network_address);
    if (!node) throw PotErrors.SlashingResourceNodeFailure.wrap(RegisterErrors.NoResourceNodeFound.text);
    const toBeSuspended = !node.suspend && msg.suspend;
    const { st, pt, lt } = rewardInputs(draft, []);
    const slashAmt = trafficPool(st, pt, lt, intOf(msg.slashing)).truncateInt();
    // the debt is keyed by the message's wallet, not by the node owner
    addSlashing(draft, msg.wallet_address, slashAmt);
    let effective = node.effective_tokens;
    if (toBeSuspended) {
      // no IsUnbondable check: Lt may go negative (§6 item 14)
      decreaseOzoneLimitBySubtractDeposit(draft, effective);
      effective = 0n;
    }
    setResourceNode(draft, { ...node, suspend: msg.suspend, effective_tokens: effective });
    ctx.emit(
      PotEvents.slashing({
        wallet_address: msg.wallet_address,
        network_address: msg.network_address,
        amount: slashAmt.toString(),
        slashing_type: NODE_TYPE_NAMES[node.node_type] ?? '',
        suspend: msg.suspend ? 'true' : 'false',
      }),
    );
    return {};
  },
};
