/**
 * MsgVolumeReport (reference/chain-semantics.md §3.3): ValidateBasic and handler checks in the
 * reference's order, the exact txData check, the pluggable BLS verification with the
 * `max(1, floor(2·bonded/3))` threshold, then `DistributePotReward` (§3.5).
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import { Hrp } from '../../crypto/address.ts';
import type { Ctx, MsgSpec } from '../../state/module.ts';
import { ownsMetaNode } from '../register/index.ts';
import { bech32Problem } from './addresses.ts';
import { blsVerifier } from './bls.ts';
import { distributePotReward } from './distribute.ts';
import { PotErrors } from './errors.ts';
import { PotEvents } from './events.ts';
import type { BLSSignatureInfo, MsgVolumeReport } from './msg-types.ts';
import { volumeReportTxData } from './tx-data.ts';
import { setVolumeReport } from './state.ts';

const P = 'chain.pot.v1';

const EMPTY_BLS: BLSSignatureInfo = { pub_keys: [], signature: new Uint8Array(0), txData: new Uint8Array(0) };

/** The signature info, whichever spelling the decoder used. */
export function blsOf(msg: MsgVolumeReport): BLSSignatureInfo {
  const raw = (msg.BLS_signature ?? (msg as unknown as { bls_signature?: BLSSignatureInfo }).bls_signature ?? EMPTY_BLS) as BLSSignatureInfo & {
    tx_data?: Uint8Array;
  };
  return { pub_keys: raw.pub_keys ?? [], signature: raw.signature ?? new Uint8Array(0), txData: raw.txData ?? raw.tx_data ?? new Uint8Array(0) };
}

const intOf = (s: string): bigint => BigInt(s === '' ? '0' : s);

/** `max(1, floor(bonded × 2 / 3))` (§3.3 step 6; exact for integers, as the chain's float64 is). */
export function blsThreshold(bondedMetaNodes: bigint): bigint {
  const t = (bondedMetaNodes * 2n) / 3n;
  return t < 1n ? 1n : t;
}

export const msgVolumeReport: MsgSpec<MsgVolumeReport> = {
  typeName: `${P}.MsgVolumeReport`,
  responseType: `${P}.MsgVolumeReportResponse`,
  signers: (msg) => [msg.reporter_owner],
  validateBasic(msg) {
    if (msg.reporter === '') throw PotErrors.EmptyReporterAddr.error();
    if (msg.wallet_volumes.length === 0) throw PotErrors.EmptyWalletVolumes.error();
    if (intOf(msg.epoch) <= 0n) throw PotErrors.EpochNotPositive.error();
    if (msg.report_reference === '') throw PotErrors.EmptyReportReference.error();
    if (msg.reporter_owner === '') throw PotErrors.ReporterOwnerAddr.error();
    if (bech32Problem(msg.reporter_owner, Hrp.account) !== undefined) throw PotErrors.ReporterAddress.error();
    for (const v of msg.wallet_volumes) if (intOf(v.volume) < 0n) throw PotErrors.NegativeVolume.error();
    for (const v of msg.wallet_volumes) if (v.wallet_address === '') throw PotErrors.MissingWalletAddress.error();
    const bls = blsOf(msg);
    if (bls.signature.length === 0) throw PotErrors.BLSSignatureInvalid.error();
    if (bls.txData.length === 0) throw PotErrors.BLSTxDataInvalid.error();
    for (const k of bls.pub_keys) if (k.length === 0) throw PotErrors.BLSPubkeysInvalid.error();
  },
  handle(draft, msg, ctx) {
    const reporterProblem = bech32Problem(msg.reporter, Hrp.sds);
    if (reporterProblem !== undefined) throw PotErrors.ReporterAddress.wrap(reporterProblem);
    const ownerProblem = bech32Problem(msg.reporter_owner, Hrp.account);
    if (ownerProblem !== undefined) throw PotErrors.ReporterOwnerAddr.wrap(ownerProblem);
    // any status counts: the reporter need not be Bonded or active
    if (!ownsMetaNode(draft, msg.reporter_owner, msg.reporter)) throw PotErrors.ReporterAddressOrOwner.error();

    const epoch = intOf(msg.epoch);
    const last = draft.pot.last_distributed_epoch;
    if (epoch <= last) throw PotErrors.MatureEpoch.wrap(`expected epoch should be greater than ${last}, got ${epoch}`);

    const bls = blsOf(msg);
    const expected = volumeReportTxData(msg);
    if (bytesToHex(expected) !== bytesToHex(bls.txData)) throw PotErrors.BLSTxDataInvalid.error();
    let verified: boolean;
    try {
      verified = blsVerifier().verify(bls.pub_keys, bls.signature, bls.txData);
    } catch (e) {
      throw PotErrors.BLSVerifyFailed.wrap(e instanceof Error ? e.message : String(e));
    }
    if (!verified) throw PotErrors.BLSVerifyFailed.error();
    // only the number of keys counts; they are not matched against registered meta nodes
    if (BigInt(bls.pub_keys.length) < blsThreshold(draft.register.bonded_meta_node_count)) throw PotErrors.BLSNotReachThreshold.error();

    setVolumeReport(draft, epoch, { reporter: msg.reporter, report_reference: msg.report_reference, tx_hash: ctx.txHash ?? '' });
    distributePotReward(
      draft,
      msg.wallet_volumes.map((v) => ({ wallet_address: v.wallet_address, volume: intOf(v.volume) })),
      epoch,
      ctx,
    );
    ctx.emit(PotEvents.volumeReport({ report_reference: msg.report_reference, epoch: epoch.toString() }));
    return {};
  },
};
