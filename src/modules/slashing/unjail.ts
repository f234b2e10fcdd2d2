/**
 * `sdk.slashing.v1beta1.MsgUnjail` (reference/sdk-modules.md §6.4; SDK v0.47 `Keeper.Unjail`).
 * The signer is the operator's account; the JSON/amino field is `address`. Checks in order:
 * validator exists (2), self-delegation exists (6), self-delegated tokens ≥ min_self_delegation (7,
 * wrapped `X less than Y`), jailed (5), and with a signing info: not tombstoned and block time ≥
 * jailed_until (4). Then staking's unjail. Only the `message` event.
 */
import { accAddress, Hrp, sdkAddressFromBech32 } from '../../crypto/address.ts';
import { SdkErrors } from '../../errors.ts';
import { Dec } from '../../math/dec.ts';
import type { AppState } from '../../state/app-state.ts';
import type { MsgSpec } from '../../state/module.ts';
import { unjail as stakingUnjail } from '../staking/slash.ts';
import { getDelegation, getValidator } from '../staking/state.ts';
import { SlashingErrors } from './errors.ts';
import { getSigningInfo } from './state.ts';

export interface MsgUnjail {
  readonly validator_addr: string;
}

const P = 'sdk.slashing.v1beta1';

export const msgUnjail: MsgSpec<MsgUnjail> = {
  typeName: `${P}.MsgUnjail`,
  responseType: `${P}.MsgUnjailResponse`,
  signers: (msg) => [accAddress(sdkAddressFromBech32(msg.validator_addr, Hrp.validator))],
  validateBasic(msg) {
    try {
      sdkAddressFromBech32(msg.validator_addr, Hrp.validator);
    } catch (e) {
      throw SdkErrors.InvalidAddress.wrap(`validator input address: ${(e as Error).message}`);
    }
  },
  handle(draft, msg, ctx) {
    const state = draft as AppState;
    const operator = msg.validator_addr;
    const validator = getValidator(state, operator);
    if (!validator) throw SlashingErrors.NoValidatorForAddress.error();
    const self = getDelegation(state, accAddress(sdkAddressFromBech32(operator, Hrp.validator)), operator);
    if (!self) throw SlashingErrors.MissingSelfDelegation.error();
    // TokensFromShares: tokens × shares / delegator_shares (Dec Mul, Quo), truncated
    const tokens =
      validator.delegator_shares === 0n
        ? 0n
        : Dec.fromInt(validator.tokens).mul(Dec.fromRaw(self.shares)).quo(Dec.fromRaw(validator.delegator_shares)).truncateInt();
    if (tokens < validator.min_self_delegation) {
      throw SlashingErrors.SelfDelegationTooLowToUnjail.wrap(`${tokens} less than ${validator.min_self_delegation}`);
    }
    if (!validator.jailed) throw SlashingErrors.ValidatorNotJailed.error();
    const info = getSigningInfo(state, validator.cons_address);
    if (info) {
      if (info.tombstoned) throw SlashingErrors.ValidatorJailed.error();
      if (ctx.block.timeNs < info.jailed_until) throw SlashingErrors.ValidatorJailed.error();
    }
    stakingUnjail(draft, validator.cons_address, ctx);
    return {};
  },
};
