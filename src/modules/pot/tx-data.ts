/**
 * The `txData` a volume report's BLS signature covers (reference/chain-semantics.md §3.3 step 4):
 * `Keccak256(protoMarshal(msg with BLS_signature cleared))`. Fields 1–5 are written as gogoproto
 * does (empty strings omitted; the non-nullable Int `epoch` and each `volume` always written as
 * decimal text), then `0x32 0x00` for the empty non-nullable field 6.
 */
import { keccak256 } from '../../crypto/keccak.ts';
import { WireType, WireWriter } from '../../codec/wire.ts';

export interface VolumeReportBody {
  readonly wallet_volumes: readonly { readonly wallet_address: string; readonly volume: string }[];
  readonly reporter: string;
  readonly epoch: string;
  readonly report_reference: string;
  readonly reporter_owner: string;
}

/** Int text as gogoproto's `Int.Marshal` writes it (canonical decimal). */
const intText = (s: string): string => BigInt(s === '' ? '0' : s).toString();

/** Proto bytes of the report with an empty `BLS_signature`. */
export function clearedReportBytes(msg: VolumeReportBody): Uint8Array {
  const w = new WireWriter();
  for (const v of msg.wallet_volumes) {
    const inner = new WireWriter();
    if (v.wallet_address !== '') inner.tag(1, WireType.Bytes).string(v.wallet_address);
    inner.tag(2, WireType.Bytes).string(intText(v.volume));
    w.tag(1, WireType.Bytes).bytes(inner.finish());
  }
  if (msg.reporter !== '') w.tag(2, WireType.Bytes).string(msg.reporter);
  w.tag(3, WireType.Bytes).string(intText(msg.epoch));
  if (msg.report_reference !== '') w.tag(4, WireType.Bytes).string(msg.report_reference);
  if (msg.reporter_owner !== '') w.tag(5, WireType.Bytes).string(msg.reporter_owner);
  w.tag(6, WireType.Bytes).bytes(new Uint8Array(0));
  return w.finish();
}

/** The expected `txData`: Keccak-256 of the cleared report. */
export function volumeReportTxData(msg: VolumeReportBody): Uint8Array {
  return keccak256(clearedReportBytes(msg));
}
