/**
 * A state snapshot made in slices. States are immutable: the state after block H can be written out
 * while the following blocks run, a few milliseconds at a time.
 *
 * A snapshot is whole (`serializeState` of its state) or, given the state of an earlier snapshot,
 * a delta from it (`snapshot-delta.ts`): the changes found by a walk of both states that skips what
 * they share. A whole one walks the state's trie nodes children first (`Slots`, `Leaf`) and keeps
 * each node's text (`keepNodeText`) in the job; once every node is done, the whole text is the top
 * levels around texts already made. With 100,000 accounts a whole snapshot is 0.4–0.6 s of the
 * thread that runs the blocks: in one piece, a stall of the node every snapshot interval.
 */
import { serializeState, keepNodeText, type NodeTexts } from './canonical.ts';
import { deltaOps, deltaText } from './snapshot-delta.ts';
import { Leaf, Slots } from './sharded.ts';

/** How many nodes are visited between two looks at the clock. */
const CLOCK_EVERY = 64;

interface Frame {
  readonly node: object;
  readonly children: readonly unknown[];
  next: number;
}

/** The state of a written snapshot, from which the next one may be a delta. */
export interface SnapshotBase {
  readonly height: bigint;
  readonly state: object;
}

export class SnapshotJob {
  private readonly stack: Frame[] = [];
  private readonly texts: NodeTexts = new Map();
  /** a delta's walk and the operations it found */
  private readonly delta: { readonly walk: Generator<void, void, undefined>; readonly ops: string[] } | undefined;
  private text: string | undefined;

  constructor(
    /** the height of the block after which `state` is */
    readonly height: bigint,
    readonly state: object,
    /** the snapshot this one is a delta from; absent: a whole snapshot */
    readonly base?: SnapshotBase,
  ) {
    if (base) {
      const ops: string[] = [];
      this.delta = { walk: deltaOps(state, base.state, ops), ops };
    } else {
      this.delta = undefined;
      this.stack.push(frame(state));
    }
  }

  /** Works for about `budgetMs`; answers the snapshot's text once it is done. */
  step(budgetMs: number, now: () => number = () => performance.now()): string | undefined {
    if (this.text !== undefined) return this.text;
    const until = now() + budgetMs;
    let visited = 0;
    if (this.delta) {
      while (!this.delta.walk.next().done) if (++visited % CLOCK_EVERY === 0 && now() >= until) return undefined;
      this.text = deltaText(this.delta.ops);
      return this.text;
    }
    while (this.stack.length > 0) {
      const top = this.stack[this.stack.length - 1]!;
      if (top.next < top.children.length) {
        const child = top.children[top.next++];
        if (typeof child === 'object' && child !== null && !ArrayBuffer.isView(child)) this.stack.push(frame(child));
      } else {
        this.stack.pop();
        keepNodeText(top.node, this.texts);
      }
      if (++visited % CLOCK_EVERY === 0 && now() >= until) return undefined;
    }
    this.text = serializeState(this.state, this.texts);
    this.texts.clear();
    return this.text;
  }

  /** The rest of the work at once. */
  finish(): string {
    // a whole snapshot not begun: the native writer, without keeping node texts
    if (!this.delta && this.texts.size === 0 && this.stack.length === 1 && this.stack[0]!.next === 0) this.text ??= serializeState(this.state);
    return this.step(Infinity)!;
  }
}

/**
 * A node to visit: a leaf's text is made whole (its entries hold no trie nodes); other objects are
 * walked (an inner node's slots as they are: the digests after its children are strings, passed over).
 */
function frame(node: object): Frame {
  let children: readonly unknown[];
  if (node instanceof Leaf) children = [];
  else if (node instanceof Slots) children = node.slots;
  else children = Array.isArray(node) ? node : Object.values(node);
  return { node, children, next: 0 };
}
