/**
 * MsgEditValidator (reference/sdk-modules.md §2.3): `[do-not-modify]` description fields keep their
 * value; a new commission rate at most once in 24 h, within max_rate and (increases only) the max
 * change rate; min_self_delegation only upwards and not above the tokens.
 */
import { plainError, SdkErrors } from '../../errors.ts';
import { Dec } from '../../math/dec.ts';
import type { MsgSpec } from '../../state/module.ts';
import { StakingErrors } from './errors.ts';
import { StakingEvents } from './events.ts';
import type { MsgEditValidator } from './msg-types.ts';
import type { ValidatorRecord } from './state.ts';
import { accountOfHex, setValidator, validatorAt, valHexOf } from './store.ts';
import { decRaw, description, DO_NOT_MODIFY, ensureLength, isEmptyDescription, requireValidator } from './validate.ts';

const P = 'sdk.staking.v1beta1';
const DAY_NS = 86_400n * 1_000_000_000n;

/** `sdk.AccAddress(valAddr)` as bech32; an unparsable address is returned as given (ValidateBasic refuses it). */
function operatorAccount(validator: string): string {
  try {
    return accountOfHex(valHexOf(validator));
  } catch {
    return validator;
  }
}

export const msgEditValidator: MsgSpec<MsgEditValidator> = {
  typeName: `${P}.MsgEditValidator`,
  responseType: `${P}.MsgEditValidatorResponse`,
  // the operator account: the same bytes as the validator address
  signers: (msg) => [operatorAccount(msg.validator_address)],
  validateBasic(msg) {
    requireValidator(msg.validator_address);
    if (isEmptyDescription(description(msg.description))) throw SdkErrors.InvalidRequest.wrap('empty description');
    if (msg.min_self_delegation != null && !(BigInt(msg.min_self_delegation) > 0n)) {
      throw SdkErrors.InvalidRequest.wrap('minimum self delegation must be a positive integer');
    }
    if (msg.commission_rate != null) {
      const r = decRaw(msg.commission_rate, 'commission_rate');
      if (r > Dec.ONE.raw || r < 0n) throw SdkErrors.InvalidRequest.wrap('commission rate must be between 0 and 1 (inclusive)');
    }
  },
  handle(draft, msg, ctx) {
    const valHex = valHexOf(msg.validator_address);
    const found = validatorAt(draft, valHex);
    if (!found) throw StakingErrors.NoValidatorFound.error();
    let v: ValidatorRecord = { ...found };
    const given = description(msg.description);
    const old = v.description;
    const keep = (field: keyof typeof given) => (given[field] === DO_NOT_MODIFY ? old[field] : given[field]);
    v = {
      ...v,
      description: ensureLength({ moniker: keep('moniker'), identity: keep('identity'), website: keep('website'), security_contact: keep('security_contact'), details: keep('details') }),
    };
    if (msg.commission_rate != null) {
      const rate = decRaw(msg.commission_rate, 'commission_rate');
      const c = v.commission;
      if (ctx.block.timeNs - c.update_time < DAY_NS) throw StakingErrors.CommissionUpdateTime.error();
      if (rate < 0n) throw StakingErrors.CommissionNegative.error();
      if (rate > c.max_rate) throw StakingErrors.CommissionGTMaxRate.error();
      if (rate - c.rate > c.max_change_rate) throw StakingErrors.CommissionGTMaxChangeRate.error();
      const min = draft.staking.params.min_commission_rate;
      if (rate < min) throw plainError(`cannot set validator commission to less than minimum rate of ${Dec.fromRaw(min)}`);
      v = { ...v, commission: { ...c, rate, update_time: ctx.block.timeNs } };
    }
    if (msg.min_self_delegation != null) {
      const min = BigInt(msg.min_self_delegation);
      if (!(min > v.min_self_delegation)) throw StakingErrors.MinSelfDelegationDecreased.error();
      if (min > v.tokens) throw StakingErrors.SelfDelegationBelowMinimum.error();
      v = { ...v, min_self_delegation: min };
    }
    setValidator(draft, v);
    ctx.emit(StakingEvents.editValidator(v));
    return {};
  },
};
