/**
 * MsgCreateValidator (reference/sdk-modules.md §2.3): ValidateBasic and handler checks in the SDK's
 * order; the validator is created UNBONDED and self-delegates `value` (bonded at EndBlock if it
 * ranks). Works at height 0 too (gentxs at InitChain, with the genesis time as block time).
 */
import { SdkErrors } from '../../errors.ts';
import { addressFromBech32, Hrp, valAddress } from '../../crypto/address.ts';
import { validatorKeyAddressHex } from '../../crypto/ed25519.ts';
import { Dec } from '../../math/dec.ts';
import type { MsgSpec } from '../../state/module.ts';
import { delegate } from './delegation.ts';
import { StakingErrors } from './errors.ts';
import { coinText, StakingEvents } from './events.ts';
import * as hooks from './hooks.ts';
import type { MsgCreateValidator, ProtoAny } from './msg-types.ts';
import { BondStatus, type ValidatorRecord } from './state.ts';
import { setValidator, validatorAt, valHexOf } from './store.ts';
import { coinAmount, commissionRates, description, ensureLength, isEmptyDescription, isPositiveCoin, requireBondDenom, requireDelegator, requireValidator, validateCommissionRates } from './validate.ts';

const P = 'sdk.staking.v1beta1';

/** neutral proto name of consensus keys, as validator records store them */
export const CONSENSUS_PUBKEY_TYPE = 'sdk.crypto.ed25519.PubKey';

/** The consensus key types the chain's consensus params allow (Stratos genesis: `["ed25519"]`). */
const ALLOWED_PUBKEY_TYPES = ['ed25519'];

/** The CometBFT key type name of a pubkey Any's type URL (`PubKey.Type()`). */
function pubKeyTypeName(typeUrl: string): string {
  if (typeUrl.endsWith('.crypto.ed25519.PubKey')) return 'ed25519';
  if (typeUrl.endsWith('.crypto.secp256k1.PubKey')) return 'secp256k1';
  if (typeUrl.endsWith('.crypto.ethsecp256k1.PubKey')) return 'eth_secp256k1';
  if (typeUrl.endsWith('.crypto.secp256r1.PubKey')) return 'secp256r1';
  return typeUrl.replace(/^\//, '');
}

/** The raw key of an ed25519 PubKey Any (proto field 1, 32 bytes); undefined for any other key. */
export function ed25519KeyOf(any: ProtoAny): Uint8Array | undefined {
  if (pubKeyTypeName(any.type_url) !== 'ed25519') return undefined;
  const v = any.value ?? new Uint8Array();
  if (v.length !== 34 || v[0] !== 0x0a || v[1] !== 32) return undefined;
  return v.subarray(2);
}

export const msgCreateValidator: MsgSpec<MsgCreateValidator> = {
  typeName: `${P}.MsgCreateValidator`,
  responseType: `${P}.MsgCreateValidatorResponse`,
  signers: (msg) => [msg.delegator_address],
  validateBasic(msg) {
    requireDelegator(msg.delegator_address);
    requireValidator(msg.validator_address);
    const del = addressFromBech32(msg.delegator_address, Hrp.account);
    const val = addressFromBech32(msg.validator_address, Hrp.validator);
    if (Buffer.compare(Buffer.from(del), Buffer.from(val)) !== 0) throw SdkErrors.InvalidRequest.wrap('validator address is invalid');
    if (!msg.pubkey || !msg.pubkey.type_url) throw StakingErrors.EmptyValidatorPubKey.error();
    if (!isPositiveCoin(msg.value)) throw SdkErrors.InvalidRequest.wrap('invalid delegation amount');
    if (isEmptyDescription(description(msg.description))) throw SdkErrors.InvalidRequest.wrap('empty description');
    const rates = commissionRates(msg.commission);
    if (rates.rate === 0n && rates.max_rate === 0n && rates.max_change_rate === 0n) throw SdkErrors.InvalidRequest.wrap('empty commission');
    validateCommissionRates(rates);
    const minSelf = /^-?\d+$/.test(msg.min_self_delegation) ? BigInt(msg.min_self_delegation) : 0n;
    if (minSelf <= 0n) throw SdkErrors.InvalidRequest.wrap('minimum self delegation must be a positive integer');
    if (coinAmount(msg.value) < minSelf) throw StakingErrors.SelfDelegationBelowMinimum.error();
  },
  handle(draft, msg, ctx) {
    const params = draft.staking.params;
    const rates = commissionRates(msg.commission);
    if (rates.rate < params.min_commission_rate) {
      throw StakingErrors.CommissionLTMinRate.wrap(`cannot set validator commission to less than minimum rate of ${Dec.fromRaw(params.min_commission_rate)}`);
    }
    const operator = valAddress(addressFromBech32(msg.validator_address, Hrp.validator));
    const valHex = valHexOf(operator);
    if (validatorAt(draft, valHex)) throw StakingErrors.ValidatorOwnerExists.error();
    const any = msg.pubkey!;
    const key = ed25519KeyOf(any);
    const consHex = key ? validatorKeyAddressHex(key) : undefined;
    if (consHex !== undefined && draft.staking.validator_by_cons[consHex] !== undefined) throw StakingErrors.ValidatorPubKeyExists.error();
    const value = msg.value!;
    requireBondDenom(value.denom, params.bond_denom);
    const desc = ensureLength(description(msg.description));
    const typeName = pubKeyTypeName(any.type_url);
    if (!ALLOWED_PUBKEY_TYPES.includes(typeName) || key === undefined || consHex === undefined) {
      throw StakingErrors.ValidatorPubKeyTypeNotSupported.wrap(`got: ${typeName}, expected: [${ALLOWED_PUBKEY_TYPES.join(' ')}]`);
    }
    validateCommissionRates(rates);
    const validator: ValidatorRecord = {
      operator_address: operator,
      consensus_pubkey: { type_url: CONSENSUS_PUBKEY_TYPE, key: Buffer.from(key).toString('base64') },
      cons_address: consHex,
      jailed: false,
      status: BondStatus.UNBONDED,
      tokens: 0n,
      delegator_shares: 0n,
      description: desc,
      unbonding_height: 0n,
      unbonding_time: 0n,
      commission: { ...rates, update_time: ctx.block.timeNs },
      min_self_delegation: BigInt(msg.min_self_delegation),
      unbonding_on_hold_ref_count: 0n,
      unbonding_ids: [],
    };
    setValidator(draft, validator);
    (draft.staking.validator_by_cons as Record<string, string>)[consHex] = valHex;
    hooks.afterValidatorCreated(draft, validator, ctx);
    delegate(draft, msg.delegator_address, coinAmount(value), BondStatus.UNBONDED, validator, true, ctx);
    ctx.emit(StakingEvents.createValidator(msg.validator_address, coinText(coinAmount(value), value.denom)));
    return {};
  },
};
