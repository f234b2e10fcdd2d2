/**
 * Legacy amino names: the `type` of each `{type, value}` in amino JSON. In SDK v0.47 these come from
 * each module's RegisterLegacyAminoCodec, not from the .proto `amino.name` options
 * (reference/wire-formats.md §2.3). Root `sdk`/`chain`/`consensus` names get the profile's prefix
 * (`sdk/MsgSend` ↔ `cosmos-sdk/MsgSend`); the chain modules register bare names (`sds/FileUploadTx`).
 */
import { aminoName, type NamingProfile } from '../naming.ts';

type Root = 'sdk' | 'chain' | 'consensus' | null;

const TABLE: Record<string, readonly [Root, string]> = {
  // keys (SDK crypto/codec/amino.go, stratos-chain crypto/codec/amino.go)
  'sdk.crypto.secp256k1.PubKey': ['consensus', 'PubKeySecp256k1'],
  'sdk.crypto.secp256k1.PrivKey': ['consensus', 'PrivKeySecp256k1'],
  'sdk.crypto.ed25519.PubKey': ['consensus', 'PubKeyEd25519'],
  'sdk.crypto.ed25519.PrivKey': ['consensus', 'PrivKeyEd25519'],
  'sdk.crypto.multisig.LegacyAminoPubKey': ['consensus', 'PubKeyMultisigThreshold'],
  'chain.crypto.v1.ethsecp256k1.PubKey': ['chain', 'PubKeyEthSecp256k1'],
  'chain.crypto.v1.ethsecp256k1.PrivKey': ['chain', 'PrivKeyEthSecp256k1'],
  // auth. `chain.types.v1.EthAccount` has no amino name: stratos-chain registers it with the
  // interface registry only (types/codec.go; ethermint's `ethermint/EthAccount` is not registered),
  // so its amino JSON is refused (docs/quirks.md, A1)
  'sdk.auth.v1beta1.BaseAccount': ['sdk', 'BaseAccount'],
  'sdk.auth.v1beta1.ModuleAccount': ['sdk', 'ModuleAccount'],
  'sdk.auth.v1beta1.ModuleCredential': ['sdk', 'GroupAccountCredential'],
  'sdk.auth.v1beta1.Params': ['sdk', 'x/auth/Params'],
  'sdk.auth.v1beta1.MsgUpdateParams': ['sdk', 'x/auth/MsgUpdateParams'],
  // bank
  'sdk.bank.v1beta1.MsgSend': ['sdk', 'MsgSend'],
  'sdk.bank.v1beta1.MsgMultiSend': ['sdk', 'MsgMultiSend'],
  'sdk.bank.v1beta1.MsgUpdateParams': ['sdk', 'x/bank/MsgUpdateParams'],
  'sdk.bank.v1beta1.MsgSetSendEnabled': ['sdk', 'MsgSetSendEnabled'],
  'sdk.bank.v1beta1.Params': ['sdk', 'x/bank/Params'],
  // staking
  'sdk.staking.v1beta1.MsgCreateValidator': ['sdk', 'MsgCreateValidator'],
  'sdk.staking.v1beta1.MsgEditValidator': ['sdk', 'MsgEditValidator'],
  'sdk.staking.v1beta1.MsgDelegate': ['sdk', 'MsgDelegate'],
  'sdk.staking.v1beta1.MsgUndelegate': ['sdk', 'MsgUndelegate'],
  'sdk.staking.v1beta1.MsgBeginRedelegate': ['sdk', 'MsgBeginRedelegate'],
  'sdk.staking.v1beta1.MsgCancelUnbondingDelegation': ['sdk', 'MsgCancelUnbondingDelegation'],
  'sdk.staking.v1beta1.MsgUpdateParams': ['sdk', 'x/staking/MsgUpdateParams'],
  'sdk.staking.v1beta1.Params': ['sdk', 'x/staking/Params'],
  // distribution
  'sdk.distribution.v1beta1.MsgWithdrawDelegatorReward': ['sdk', 'MsgWithdrawDelegationReward'],
  'sdk.distribution.v1beta1.MsgWithdrawValidatorCommission': ['sdk', 'MsgWithdrawValCommission'],
  'sdk.distribution.v1beta1.MsgSetWithdrawAddress': ['sdk', 'MsgModifyWithdrawAddress'],
  'sdk.distribution.v1beta1.MsgFundCommunityPool': ['sdk', 'MsgFundCommunityPool'],
  'sdk.distribution.v1beta1.MsgUpdateParams': ['sdk', 'distribution/MsgUpdateParams'],
  'sdk.distribution.v1beta1.MsgCommunityPoolSpend': ['sdk', 'distr/MsgCommunityPoolSpend'],
  'sdk.distribution.v1beta1.Params': ['sdk', 'x/distribution/Params'],
  // gov
  'sdk.gov.v1.MsgSubmitProposal': ['sdk', 'v1/MsgSubmitProposal'],
  'sdk.gov.v1.MsgDeposit': ['sdk', 'v1/MsgDeposit'],
  'sdk.gov.v1.MsgVote': ['sdk', 'v1/MsgVote'],
  'sdk.gov.v1.MsgVoteWeighted': ['sdk', 'v1/MsgVoteWeighted'],
  'sdk.gov.v1.MsgExecLegacyContent': ['sdk', 'v1/MsgExecLegacyContent'],
  'sdk.gov.v1.MsgUpdateParams': ['sdk', 'x/gov/v1/MsgUpdateParams'],
  'sdk.gov.v1beta1.MsgSubmitProposal': ['sdk', 'MsgSubmitProposal'],
  'sdk.gov.v1beta1.MsgDeposit': ['sdk', 'MsgDeposit'],
  'sdk.gov.v1beta1.MsgVote': ['sdk', 'MsgVote'],
  'sdk.gov.v1beta1.MsgVoteWeighted': ['sdk', 'MsgVoteWeighted'],
  'sdk.gov.v1beta1.TextProposal': ['sdk', 'TextProposal'],
  // slashing, mint
  'sdk.slashing.v1beta1.MsgUnjail': ['sdk', 'MsgUnjail'],
  'sdk.slashing.v1beta1.MsgUpdateParams': ['sdk', 'x/slashing/MsgUpdateParams'],
  'sdk.slashing.v1beta1.Params': ['sdk', 'x/slashing/Params'],
  'sdk.mint.v1beta1.MsgUpdateParams': ['sdk', 'x/mint/MsgUpdateParams'],
  'sdk.mint.v1beta1.Params': ['sdk', 'x/mint/Params'],
  // stratos-chain x/*/types/codec.go
  'chain.sds.v1.MsgFileUpload': [null, 'sds/FileUploadTx'],
  'chain.sds.v1.MsgPrepay': [null, 'sds/PrepayTx'],
  'chain.sds.v1.MsgUpdateParams': [null, 'sds/UpdateParamsTx'],
  'chain.pot.v1.MsgVolumeReport': [null, 'pot/VolumeReportTx'],
  'chain.pot.v1.MsgWithdraw': [null, 'pot/WithdrawTx'],
  'chain.pot.v1.MsgLegacyWithdraw': [null, 'pot/LegacyWithdrawTx'],
  'chain.pot.v1.MsgFoundationDeposit': [null, 'pot/FoundationDepositTx'],
  'chain.pot.v1.MsgSlashingResourceNode': [null, 'pot/SlashingResourceNodeTx'],
  'chain.pot.v1.MsgUpdateParams': [null, 'pot/UpdateParamsTx'],
  'chain.register.v1.MsgCreateResourceNode': [null, 'register/CreateResourceNodeTx'],
  'chain.register.v1.MsgRemoveResourceNode': [null, 'register/RemoveResourceNodeTx'],
  'chain.register.v1.MsgUpdateResourceNode': [null, 'register/UpdateResourceNodeTx'],
  'chain.register.v1.MsgUpdateResourceNodeDeposit': [null, 'register/UpdateResourceNodeDepositTx'],
  'chain.register.v1.MsgCreateMetaNode': [null, 'register/CreateMetaNodeTx'],
  'chain.register.v1.MsgRemoveMetaNode': [null, 'register/RemoveMetaNodeTx'],
  'chain.register.v1.MsgUpdateMetaNode': [null, 'register/UpdateMetaNodeTx'],
  'chain.register.v1.MsgUpdateMetaNodeDeposit': [null, 'register/UpdateMetaNodeDepositTx'],
  'chain.register.v1.MsgMetaNodeRegistrationVote': [null, 'register/MsgMetaNodeRegistrationVote'],
  'chain.register.v1.MsgUpdateParams': [null, 'register/UpdateParamsTx'],
};

/**
 * Messages that implement GetSignBytes but are not registered with the amino codec: their sign JSON
 * is the bare value, without a `{type, value}` wrapper (stratos-chain x/register/types/msg.go).
 * MsgKickMetaNodeVote has no GetSignBytes at all, so it cannot be signed in amino JSON mode.
 */
export const UNWRAPPED_AMINO_MESSAGES: ReadonlySet<string> = new Set(['chain.register.v1.MsgUpdateEffectiveDeposit']);

/** The amino name of a neutral proto type in `profile`, or null when it has none. */
export function aminoTypeName(profile: NamingProfile, neutralTypeName: string): string | null {
  const entry = TABLE[neutralTypeName.replace(/^\//, '')];
  return entry ? aminoName(profile, entry[0], entry[1]) : null;
}
