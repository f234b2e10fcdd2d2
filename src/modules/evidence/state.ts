/**
 * The evidence slice: the handled double-sign evidence (`Equivocation`), keyed by its hash
 * (uppercase hex of sha256 of the proto bytes, the SDK's `Evidence.Hash()`), as x/evidence stores it.
 */
export interface EquivocationRecord {
  readonly height: bigint;
  /** ns since the Unix epoch */
  readonly time: bigint;
  readonly power: bigint;
  /** `stvalcons1…` */
  readonly consensus_address: string;
}

export interface EvidenceState {
  readonly evidence: Readonly<Record<string, EquivocationRecord>>;
}

export function emptyEvidenceState(): EvidenceState {
  return { evidence: {} };
}
