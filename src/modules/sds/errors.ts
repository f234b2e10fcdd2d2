/**
 * Codespace `sds` (reference/chain-semantics.md §2.7): codes numbered from 2 in declaration order.
 * Texts follow stratos-chain `x/sds/types/errors.go`; those of 5, 8, 14 and 15 are not printed in
 * the reference and follow the names of the sentinels.
 */
import { ErrorKind } from '../../errors.ts';

export const SDS_CODESPACE = 'sds';

const e = (code: number, text: string) => new ErrorKind(SDS_CODESPACE, code, text);

export const SdsErrors = {
  Invalid: e(2, 'error invalid'),
  InvalidHeight: e(3, 'invalid height'),
  EmptyUploaderAddr: e(4, 'missing uploader address'),
  EmptyReporters: e(5, 'missing reporters'),
  EmptyFileHash: e(6, 'missing file hash'),
  InvalidFileHash: e(7, 'invalid file hash'),
  NoFileFound: e(8, 'file does not exist'),
  InvalidDenom: e(9, 'invalid denomination'),
  PrepayFailure: e(10, 'failure during prepay'),
  ReporterAddressOrOwner: e(11, 'invalid reporter address or owner address'),
  InvalidSenderAddr: e(12, 'invalid sender address'),
  InvalidBeneficiaryAddr: e(13, 'invalid beneficiary address'),
  OzoneLimitNotEnough: e(14, 'remaining ozone limit not enough'),
  EmitEvent: e(15, 'failed to emit event'),
} as const;
