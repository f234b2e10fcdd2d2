/**
 * Codespace `pot` (reference/chain-semantics.md §3.11): codes numbered from 2 in declaration order;
 * texts as registered by stratos-chain `x/pot/types/errors.go`.
 */
import { ErrorKind } from '../../errors.ts';

export const POT_CODESPACE = 'pot';

const e = (code: number, text: string) => new ErrorKind(POT_CODESPACE, code, text);

export const PotErrors = {
  Invalid: e(2, 'error invalid'),
  OutOfIssuance: e(3, 'mining reward reaches the issuance limit'),
  WithdrawAmountInvalid: e(4, 'withdraw amount is invalid'),
  MissingWalletAddress: e(5, 'missing wallet address'),
  MissingTargetAddress: e(6, 'missing target address'),
  InsufficientMatureTotal: e(7, 'insufficient mature total'),
  MatureEpoch: e(8, 'the value of epoch must be positive and greater than its previous one'),
  MiningRewardParams: e(9, 'invalid mining reward param'),
  CommunityTax: e(10, 'invalid community tax param'),
  InitialTotalSupply: e(11, 'invalid initial total supply param'),
  EmptyFromAddr: e(12, 'missing from address'),
  EmptyReporterAddr: e(13, 'missing reporter address'),
  EmptyWalletVolumes: e(14, 'wallet volumes list empty'),
  EpochNotPositive: e(15, 'report epoch is not positive'),
  EmptyReportReference: e(16, 'missing report reference'),
  ReporterOwnerAddr: e(17, 'invalid reporter owner address'),
  NegativeVolume: e(18, 'report volume is negative'),
  FoundationDepositAmountInvalid: e(19, 'foundation deposit amount is invalid'),
  BLSSignatureInvalid: e(20, 'BLS signature is invalid'),
  BLSTxDataInvalid: e(21, 'BLS signature txData is invalid'),
  BLSPubkeysInvalid: e(22, 'BLS signature pubkeys are invalid'),
  BLSVerifyFailed: e(23, 'BLS signature verify failed'),
  BLSNotReachThreshold: e(24, 'BLS signed meta-nodes does not reach the threshold'),
  ReporterAddress: e(25, 'invalid reporter address'),
  InvalidAmount: e(26, 'invalid amount'),
  InvalidAddress: e(27, 'invalid address'),
  InvalidDenom: e(28, 'invalid denomination'),
  WithdrawFailure: e(29, 'failure during withdraw'),
  FoundationDepositFailure: e(30, 'failure during foundation deposit'),
  SlashingResourceNodeFailure: e(31, 'failure during slashing resource node'),
  VolumeReport: e(32, 'volume report failed'),
  ReporterAddressOrOwner: e(33, 'invalid reporter address or owner address'),
  TotalSupplyCapHit: e(34, 'minting not completed because total supply cap is hit'),
  InsufficientCommunityPool: e(35, 'burning not completed as a result of insufficient balance in community pool'),
  EmitEvent: e(36, 'failed to emit event'),
} as const;
