/** Codespace `slashing` (SDK v0.47 `x/slashing/types/errors.go`): codes and texts. */
import { ErrorKind } from '../../errors.ts';

export const SLASHING_CODESPACE = 'slashing';

const e = (code: number, text: string) => new ErrorKind(SLASHING_CODESPACE, code, text);

export const SlashingErrors = {
  NoValidatorForAddress: e(2, 'address is not associated with any known validator'),
  BadValidatorAddr: e(3, 'validator does not exist for that address'),
  ValidatorJailed: e(4, 'validator still jailed; cannot be unjailed'),
  ValidatorNotJailed: e(5, 'validator not jailed; cannot be unjailed'),
  MissingSelfDelegation: e(6, 'validator has no self-delegation; cannot be unjailed'),
  SelfDelegationTooLowToUnjail: e(7, "validator's self delegation less than minimum; cannot be unjailed"),
  NoSigningInfoFound: e(8, 'no validator signing info found'),
} as const;
