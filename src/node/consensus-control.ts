/**
 * The operator's switches on the in-process consensus engine (src/consensus/block-meta.ts): a
 * validator whose key the node holds can be taken offline (its signature is absent from the next
 * commits, which drives slashing's liveness and downtime jailing) and back online, and evidence of
 * a double sign can be injected for the next block (a real equivocation cannot happen in one
 * process; the evidence module then runs reference/sdk-modules.md §6.3). Nothing here is part of the
 * chain's state: a block records the votes and evidence it was made with, so a replay needs none of it.
 */
import type { ConsensusControl } from '../consensus/block-meta.ts';
import type { Misbehavior } from '../state/block-info.ts';

export class OperatorControl implements ConsensusControl {
  private readonly offline = new Set<string>();
  private pending: Misbehavior[] = [];

  isOffline(address: string): boolean {
    return this.offline.has(address);
  }

  /** Switches a validator (uppercase hex consensus address) offline or back online. */
  setOffline(address: string, offline: boolean): void {
    if (offline) this.offline.add(address);
    else this.offline.delete(address);
  }

  offlineValidators(): string[] {
    return [...this.offline].sort();
  }

  /** Queues evidence for the next block. */
  injectEvidence(evidence: Misbehavior): void {
    this.pending.push(evidence);
  }

  takeEvidence(): readonly Misbehavior[] {
    const taken = this.pending;
    this.pending = [];
    return taken;
  }
}
