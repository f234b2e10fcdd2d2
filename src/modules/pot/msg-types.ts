/**
 * The decoded pot messages (proto `chain.pot.v1.Msg…`, reference/chain-semantics.md §3.3–3.9):
 * snake_case fields, Int as decimal strings, bytes as Uint8Array.
 */
import type { ProtoCoin } from '../../math/coins.ts';
import type { ProtoPotParams } from './params.ts';

export interface SingleWalletVolume {
  readonly wallet_address: string;
  readonly volume: string;
}

export interface BLSSignatureInfo {
  readonly pub_keys: readonly Uint8Array[];
  readonly signature: Uint8Array;
  readonly txData: Uint8Array;
}

export interface MsgVolumeReport {
  readonly wallet_volumes: readonly SingleWalletVolume[];
  readonly reporter: string;
  readonly epoch: string;
  readonly report_reference: string;
  readonly reporter_owner: string;
  readonly BLS_signature: BLSSignatureInfo | null;
}

export interface MsgWithdraw {
  readonly amount: readonly ProtoCoin[];
  readonly wallet_address: string;
  readonly target_address: string;
}

export interface MsgLegacyWithdraw {
  readonly amount: readonly ProtoCoin[];
  readonly from: string;
  readonly target_address: string;
}

export interface MsgFoundationDeposit {
  readonly amount: readonly ProtoCoin[];
  readonly from: string;
}

export interface MsgSlashingResourceNode {
  readonly reporters: readonly string[];
  readonly reporter_owner: readonly string[];
  readonly network_address: string;
  readonly wallet_address: string;
  readonly slashing: string;
  readonly suspend: boolean;
}

export interface MsgUpdateParams {
  readonly authority: string;
  readonly params: ProtoPotParams;
}
