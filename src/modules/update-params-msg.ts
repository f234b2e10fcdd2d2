/**
 * `MsgUpdateParams` of the SDK modules (v0.47, one shape for staking, distribution, slashing,
 * mint): signed by its authority. ValidateBasic: the authority parses (a wrapped plain error,
 * codespace `undefined` code 1: `invalid authority address: <Go's text>`) and the params validate;
 * the handler: the authority is the gov module account (gov 13), the module's own checks, the
 * params validate again and replace the old ones. A params error that is not a registered SDK error
 * is a plain error, as Go's `fmt.Errorf` ones are.
 */
import type { Draft } from 'immer';
import { Hrp, sdkAddressFromBech32 } from '../crypto/address.ts';
import { ChainError, plainError } from '../errors.ts';
import type { AppState } from '../state/app-state.ts';
import type { MsgSpec } from '../state/module.ts';
import { requireGovAuthority } from './authority.ts';

export interface MsgUpdateParams<Proto> {
  readonly authority: string;
  readonly params: Proto | null;
}

export interface UpdateParamsOptions<Proto, Params> {
  /** proto package, e.g. `sdk.staking.v1beta1` */
  readonly pkg: string;
  readonly fromProto: (proto: Proto | null) => Params;
  /** throws the module's params error */
  readonly validate: (params: Params) => void;
  /** the handler's checks before validation (distribution's deprecated fields) */
  readonly handlerChecks?: (params: Params) => void;
  readonly set: (draft: Draft<AppState>, params: Params) => void;
}

/** MsgUpdateParams.ValidateBasic's authority check: `errorsmod.Wrap(err, "invalid authority address")` of a plain error. */
export function authorityParses(authority: string): void {
  try {
    sdkAddressFromBech32(authority, Hrp.account);
  } catch (e) {
    throw plainError(`invalid authority address: ${(e as Error).message}`);
  }
}

export function updateParamsMsg<Proto, Params>(opts: UpdateParamsOptions<Proto, Params>): MsgSpec<MsgUpdateParams<Proto>> {
  const validParams = (proto: Proto | null): Params => {
    try {
      const params = opts.fromProto(proto);
      opts.validate(params);
      return params;
    } catch (e) {
      throw e instanceof ChainError ? e : plainError((e as Error).message);
    }
  };
  return {
    typeName: `${opts.pkg}.MsgUpdateParams`,
    responseType: `${opts.pkg}.MsgUpdateParamsResponse`,
    signers: (msg) => [msg.authority],
    validateBasic(msg) {
      authorityParses(msg.authority);
      validParams(msg.params);
    },
    handle(draft, msg) {
      requireGovAuthority(msg.authority);
      opts.handlerChecks?.(opts.fromProto(msg.params));
      opts.set(draft, validParams(msg.params));
      return {};
    },
  };
}
