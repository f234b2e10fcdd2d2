/**
 * `nodeclient ipfs migrate <filecid> [filename]` (spec §4.2): fetches the file from the IPFS source of
 * `--source` or the config's `[migrate] source`, verifies every block, uploads it to SDS through the
 * resource node (`-m httpRpc|ipc`, as `nodeclient ipfs`), records its CID in the index. Progress on
 * stderr, one JSON line `{cid, name, size, filehash, handle}` on stdout.
 */
import { join, resolve } from 'node:path';
import { migrate } from '../../sds/storage-client/migrate.ts';
import { openStorageBackend } from '../../sds/storage-client/storage-client.ts';
import type { NodeclientContext } from '../nodeclient.ts';
import { effectiveConfig, type IpfsFlags } from './ipfs.ts';

export async function ipfsMigrate(ctx: NodeclientContext, g: { home: string }, cid: string, name: string | undefined, o: IpfsFlags & { source?: string }): Promise<void> {
  const home = resolve(g.home);
  const c = effectiveConfig(home, o);
  const source = o.source ?? c.migrateSource;
  const setup = openStorageBackend(home, c);
  const progress = (line: string) => ctx.out.stderr(`${new Date().toISOString()} ${line}\n`);
  try {
    progress(`wallet ${setup.address}, resource node ${c.rpcMode} ${setup.endpoint}`);
    const r = await migrate({ arg: cid, name, source, backend: setup.backend, index: setup.index, privateKey: setup.privateKey, tmpRoot: join(home, 'tmp', 'ipfs'), progress });
    ctx.out.stdout(JSON.stringify(r) + '\n');
  } finally {
    await setup.close();
  }
}
