/**
 * A state snapshot made in slices. A snapshot's text is `serializeState` of one state, and states
 * are immutable: the state after block H can be written out while the following blocks run. The
 * job walks the state's trie nodes children first (`Slots`, `Leaf`) and keeps each node's text
 * (`keepNodeText`), a few milliseconds at a time; once every node is done, the whole text is the
 * top levels around texts already made. With 100,000 accounts a snapshot is 0.4–0.6 s of the
 * thread that runs the blocks: in one piece, a stall of the node every snapshot interval.
 */
import { serializeState, keepNodeText } from './canonical.ts';
import { Leaf, Slots } from './sharded.ts';

/** How many nodes are visited between two looks at the clock. */
const CLOCK_EVERY = 64;

interface Frame {
  readonly node: object;
  readonly children: readonly unknown[];
  next: number;
}

export class SnapshotJob {
  private readonly stack: Frame[] = [];
  private text: string | undefined;

  constructor(
    /** the height of the block after which `state` is */
    readonly height: bigint,
    private readonly state: object,
  ) {
    this.stack.push(frame(state));
  }

  /** Works for about `budgetMs`; answers the snapshot's text once it is done. */
  step(budgetMs: number, now: () => number = () => performance.now()): string | undefined {
    if (this.text !== undefined) return this.text;
    const until = now() + budgetMs;
    let visited = 0;
    while (this.stack.length > 0) {
      const top = this.stack[this.stack.length - 1]!;
      if (top.next < top.children.length) {
        const child = top.children[top.next++];
        if (typeof child === 'object' && child !== null && !ArrayBuffer.isView(child)) this.stack.push(frame(child));
      } else {
        this.stack.pop();
        keepNodeText(top.node);
      }
      if (++visited % CLOCK_EVERY === 0 && now() >= until) return undefined;
    }
    this.text = serializeState(this.state);
    return this.text;
  }

  /** The rest of the work at once. */
  finish(): string {
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
