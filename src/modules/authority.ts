/**
 * The authority of MsgUpdateParams in every module (SDK v0.47): the gov module account, else gov's
 * `ErrInvalidSigner` (codespace gov, code 13) with the SDK's text.
 */
import { ErrorKind } from '../errors.ts';
import { moduleAccountAddress } from './auth/account.ts';

const GovInvalidSigner = new ErrorKind('gov', 13, 'expected gov account as only signer for proposal message');

/** Throws unless `authority` is the gov module account. */
export function requireGovAuthority(authority: string): void {
  const gov = moduleAccountAddress('gov');
  if (authority !== gov) throw GovInvalidSigner.wrap(`invalid authority; expected ${gov}, got ${authority}`);
}
