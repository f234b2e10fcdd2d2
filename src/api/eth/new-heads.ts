/**
 * `eth_subscribe("newHeads")`: one notification per committed block, the block's header as the node
 * sends it (its `Header` struct in Go's default JSON: numbers as JSON numbers; src/api/eth/
 * block-object.ts), with the CometBFT block hash as `hash`, so a client can fetch the same block by
 * it. Built after the commit has returned, so a subscriber never slows block production.
 */
import type { Node } from '../../node/node.ts';
import { ethHeader } from './block-object.ts';
import type { EthSubscriptionKind } from './dispatch.ts';

export function newHeads(node: Node): EthSubscriptionKind {
  return {
    args: [],
    start(_args, notify) {
      let open = true;
      const subscription = node.blocks$.subscribe((block) => {
        setImmediate(() => {
          if (!open) return;
          try {
            const record = node.block(block.height);
            if (record) notify(ethHeader(node, record));
          } catch {
            // the node is closing (its store is gone): no more heads
          }
        });
      });
      return () => {
        open = false;
        subscription.unsubscribe();
      };
    },
  };
}
