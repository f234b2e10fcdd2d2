/** The decoded sds messages (proto `chain.sds.v1.Msg…`, reference/chain-semantics.md §2.3–2.5). */
import type { ProtoCoin } from '../../math/coins.ts';

export interface MsgFileUpload {
  readonly file_hash: string;
  /** signer: owner of the reporter meta node (`st1…`) */
  readonly from: string;
  /** the reporting meta node (`stsds1…`) */
  readonly reporter: string;
  readonly uploader: string;
}

export interface MsgPrepay {
  readonly sender: string;
  readonly beneficiary: string;
  readonly amount: readonly ProtoCoin[];
}

export interface MsgUpdateParams {
  readonly authority: string;
  readonly params: { readonly bond_denom: string } | null;
}
