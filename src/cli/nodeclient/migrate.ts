/** `nodeclient ipfs migrate <cid> [filename]`: not built yet. */
import type { NodeclientContext } from '../nodeclient.ts';

export async function ipfsMigrate(_ctx: NodeclientContext, _g: { home: string }, cid: string, _name: string | undefined, _o: unknown): Promise<void> {
  throw new Error(`nodeclient ipfs migrate ${cid}: not supported yet in this build`);
}
