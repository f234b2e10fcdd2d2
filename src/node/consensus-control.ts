/**
 * The operator's switches on the in-process consensus engine (src/consensus/block-meta.ts): a
 * validator whose key the node holds can be taken offline (its signature is absent from the next
 * commits, which drives slashing's liveness and downtime jailing) and back online, and evidence of
 * a double sign can be injected for the next block (a real equivocation cannot happen in one
 * process; the evidence module then runs reference/sdk-modules.md §6.3). Nothing here is part of the
 * chain's state: a block records the votes and evidence it was made with, so a replay needs none of it.
 */
import type { BlockEvidence, ConsensusControl } from '../consensus/block-meta.ts';
import type { ValidatorJson } from '../consensus/types.ts';
import { votingPower } from '../consensus/validator-set.ts';
import type { Misbehavior } from '../state/block-info.ts';

export class OperatorControl implements ConsensusControl {
  private readonly offline = new Set<string>();
  private pending: { misbehavior: Misbehavior; evidence?: Uint8Array }[] = [];
  private readonly pendingHashes = new Set<string>();
  /** the hashes of the evidence committed in blocks this process made (the pool's committed store) */
  private readonly committedHashes = new Set<string>();
  /** the consensus addresses whose keys the node holds (undefined: every validator's) */
  private readonly held: ReadonlySet<string> | undefined;

  constructor(heldKeys?: Iterable<string>) {
    this.held = heldKeys === undefined ? undefined : new Set(heldKeys);
  }

  isOffline(address: string): boolean {
    return this.offline.has(address);
  }

  /** Whether a validator's precommit is in the next commit: its key is held here and it is online. */
  signs(address: string): boolean {
    return (this.held === undefined || this.held.has(address)) && !this.offline.has(address);
  }

  /**
   * The power of `set` whose precommits the node makes, against its total: a block is committed
   * only with more than 2/3 of it (CometBFT), `signing * 3 > total * 2`.
   */
  signingPower(set: readonly ValidatorJson[], except?: string): { signing: bigint; total: bigint } {
    let signing = 0n;
    let total = 0n;
    for (const v of set) {
      const power = votingPower(v);
      total += power;
      if (v.address !== except && this.signs(v.address)) signing += power;
    }
    return { signing, total };
  }

  /** Switches a validator (uppercase hex consensus address) offline or back online. */
  setOffline(address: string, offline: boolean): void {
    if (offline) this.offline.add(address);
    else this.offline.delete(address);
  }

  offlineValidators(): string[] {
    return [...this.offline].sort();
  }

  /**
   * Queues a double sign for the next block's misbehavior. Injected ones have no votes; evidence a
   * client broadcast brings its proto bytes (`DuplicateVoteEvidence.Bytes()`), which the block's
   * evidence list carries, and its hash (uppercase hex), which names it among the pending ones.
   */
  injectEvidence(misbehavior: Misbehavior, signed?: { bytes: Uint8Array; hash: string }): void {
    this.pending.push(signed === undefined ? { misbehavior } : { misbehavior, evidence: signed.bytes });
    if (signed !== undefined) this.pendingHashes.add(signed.hash);
  }

  /** Whether evidence of this hash waits for the next block (the evidence pool's `isPending`). */
  isPendingEvidence(hash: string): boolean {
    return this.pendingHashes.has(hash);
  }

  /** Whether a block of this process committed evidence of this hash (the pool's `isCommitted`). */
  isCommittedEvidence(hash: string): boolean {
    return this.committedHashes.has(hash);
  }

  takeEvidence(): BlockEvidence {
    const taken = this.pending;
    this.pending = [];
    for (const hash of this.pendingHashes) this.committedHashes.add(hash);
    this.pendingHashes.clear();
    return { misbehavior: taken.map((t) => t.misbehavior), evidence: taken.flatMap((t) => (t.evidence ? [t.evidence] : [])) };
  }
}
