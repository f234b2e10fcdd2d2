/**
 * What the gateway lets through `/spfs/<token>/api/v0/<cmd>` to the storage client API
 * (docs/gateway.md): the Kubo commands of the SPFS pages (add, cat, get, ls, pin/*, files/*, id,
 * version, and swarm/peers and object/stat, which `ipfs.sh` uses) and the block reads IPFS tools make
 * (block/stat, block/get, dag/get: kubo-rpc-client's dag.get is a block/get); never the storage
 * client's local forms (`add?arg=<local path>`, `get?arg=sdm://…`, `ls` of the client wallet's SDS
 * files) nor `repo/stat` (the storage client's own index: its size and path on the operator's
 * machine). block/get and dag/get go `offline=true`: a file's data block is not rebuilt from a
 * download of its whole SDS file for one request (read files with cat, counted in full). A private
 * token reaches only the CIDs its owner added through this gateway, and each token sees its own MFS
 * tree: `/` is `/owners/<owner>` for a private token and `/public` for the others.
 */
import { CID } from 'multiformats/cid';
import { parseCid } from '../sds/storage-client/cid-text.ts';
import { pathArgument } from '../sds/storage-client/kubo-http.ts';
import type { TokenRow, TokenStore } from './tokens.ts';

const COMMANDS = new Set([
  'add', 'cat', 'get', 'ls', 'pin/add', 'pin/rm', 'pin/ls', 'files/cp', 'files/ls', 'files/stat', 'files/rm', 'files/mkdir', 'id', 'version',
  'swarm/peers', 'object/stat', 'block/stat', 'block/get', 'dag/get',
]);

/** The commands that read CIDs given as `arg` (a private token: only its owner's) */
const CID_READS = new Set(['cat', 'get', 'ls', 'pin/add', 'pin/rm', 'pin/ls', 'object/stat', 'block/stat', 'block/get', 'dag/get']);

/** The commands that would download a whole SDS file to rebuild one data block: forwarded with Kubo's `offline=true` (local blocks only) */
const OFFLINE = new Set(['block/get', 'dag/get']);

export type SpfsDecision =
  | { readonly ok: true; readonly command: string; readonly query: string; readonly recordAdds: boolean; readonly before: readonly string[] }
  | { readonly ok: false; readonly status: number; readonly error: string };

function rootCid(arg: string): string | undefined {
  const head = arg.replace(/^\/ipfs\//, '').split('/')[0] ?? '';
  try {
    return parseCid(head).toString();
  } catch {
    return undefined;
  }
}

export function mfsRoot(token: TokenRow): string {
  return token.owner !== '' ? `/owners/${token.owner}` : '/public';
}

export function spfsPolicy(method: string, path: string, query: URLSearchParams, token: TokenRow, store: TokenStore): SpfsDecision {
  if (method !== 'POST') return { ok: false, status: 405, error: `${method} is not allowed: Kubo RPC commands are POST` };
  let command = path;
  let q = query;
  // go-ipfs-cmds' path argument (`cat/<cid>` is `cat?arg=<cid>`, as the storage client reads it):
  // made the query form here, so that every check below sees the argument
  const split = COMMANDS.has(path) ? undefined : pathArgument(path);
  if (split !== undefined && COMMANDS.has(split.command)) {
    command = split.command;
    q = new URLSearchParams([['arg', split.arg], ...query]);
  }
  if (!COMMANDS.has(command)) return { ok: false, status: 404, error: `command ${JSON.stringify(command)} is not served through the gateway` };
  const args = q.getAll('arg');
  if (command === 'add' && args.length > 0) return { ok: false, status: 403, error: 'add?arg=<local path> is not served through the gateway: send the file as multipart' };
  if (command === 'get' && args.some((a) => a.startsWith('sdm://'))) return { ok: false, status: 403, error: 'get?arg=sdm://… is not served through the gateway: get a CID' };
  if (command === 'ls' && args.length === 0) return { ok: false, status: 403, error: 'ls without a CID lists the storage client\'s SDS files: not served through the gateway' };
  const private_ = token.owner !== '';
  const checkOwned = (a: string): SpfsDecision | undefined => {
    const cid = rootCid(a);
    if (cid === undefined) return undefined; // the storage client answers the parse error
    if (private_ && !store.owns(token.owner, cid)) return { ok: false, status: 403, error: `this private token reaches only the content of ${token.owner}: ${cid} is not theirs` };
    return undefined;
  };
  if (CID_READS.has(command)) {
    if (private_ && command === 'pin/ls' && args.length === 0) return { ok: false, status: 403, error: 'pin/ls with a private token needs the CIDs (arg)' };
    for (const a of args) {
      const refused = checkOwned(a);
      if (refused) return refused;
    }
  }
  const before: string[] = [];
  if (command === 'files/rm' && args.some((a) => a.replace(/\/+$/, '') === '')) return { ok: false, status: 400, error: 'cannot delete root' };
  if (command.startsWith('files/')) {
    const root = mfsRoot(token);
    const rewritten = new URLSearchParams();
    for (const [k, v] of q) {
      if (k !== 'arg') rewritten.append(k, v);
    }
    for (const a of args.length > 0 || command !== 'files/ls' ? args : ['/']) {
      if (a.startsWith('/ipfs/')) {
        const refused = checkOwned(a);
        if (refused) return refused;
        rewritten.append('arg', a);
      } else if (a.startsWith('/')) {
        if (a.split('/').some((s) => s === '..')) return { ok: false, status: 400, error: `invalid MFS path ${JSON.stringify(a)}` };
        rewritten.append('arg', a === '/' ? root : `${root}${a}`);
      } else rewritten.append('arg', a);
    }
    before.push(`/api/v0/files/mkdir?arg=${encodeURIComponent(root)}&parents=true`);
    return { ok: true, command, query: rewritten.toString(), recordAdds: false, before };
  }
  if (OFFLINE.has(command)) {
    const forced = new URLSearchParams([...q].filter(([k]) => k !== 'offline' && k !== 'local'));
    forced.append('offline', 'true');
    return { ok: true, command, query: forced.toString(), recordAdds: false, before };
  }
  return { ok: true, command, query: q.toString(), recordAdds: command === 'add', before };
}
