/**
 * What the gateway lets through `/private/rpc/<token>` (docs/gateway.md): a JSON-RPC request or
 * batch whose every call is in the `user_` namespace (or `rpc_modules`); for a private token, every
 * call that names a wallet (the signature's address, `walletaddr`, the owner of an `sdm://` handle)
 * names the token's owner. The resource node reads JSON as Go does (keys matched without regard to
 * case, the last duplicate winning), so a call object with two spellings of one key is refused: it
 * could smuggle a method past this check.
 */
import { parseFileHandle } from '../sds/protocol/file-handle.ts';

export interface RpcCall {
  readonly method: string;
  readonly params: Record<string, unknown>;
}

export type RpcPolicyResult = { readonly ok: true; readonly calls: readonly RpcCall[] } | { readonly ok: false; readonly status: number; readonly error: string };

const ALLOWED = /^user_[A-Za-z]+$/;

/** the value of `key` in `o`, matched without regard to case; an error when two spellings exist */
function field(o: Record<string, unknown>, key: string): { value: unknown } | { twice: string[] } {
  const names = Object.keys(o).filter((k) => k.toLowerCase() === key);
  if (names.length > 1) return { twice: names };
  return { value: names.length === 1 ? o[names[0]!] : undefined };
}

function walletsNamed(params: Record<string, unknown>): { wallets: string[] } | { error: string } {
  const wallets: string[] = [];
  for (const k of ['walletaddr', 'signature', 'filehandle']) {
    const f = field(params, k);
    if ('twice' in f) return { error: `params hold ${f.twice.join(' and ')}: one spelling only` };
    const v = f.value;
    if (v === undefined || v === null) continue;
    if (k === 'walletaddr' && typeof v === 'string' && v !== '') wallets.push(v);
    if (k === 'signature' && typeof v === 'object' && !Array.isArray(v)) {
      const a = field(v as Record<string, unknown>, 'address');
      if ('twice' in a) return { error: `signature holds ${a.twice.join(' and ')}: one spelling only` };
      if (typeof a.value === 'string' && a.value !== '') wallets.push(a.value);
    }
    if (k === 'filehandle' && typeof v === 'string' && v !== '') {
      try {
        wallets.push(parseFileHandle(v).owner);
      } catch {
        // the node answers -7 for a bad handle
      }
    }
  }
  return { wallets };
}

export function checkRpcBody(body: string, owner: string): RpcPolicyResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (e) {
    return { ok: false, status: 400, error: `the body is not one JSON value: ${(e as Error).message}` };
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  if (items.length === 0) return { ok: false, status: 400, error: 'empty batch' };
  const calls: RpcCall[] = [];
  for (const item of items) {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return { ok: false, status: 400, error: 'each request must be a JSON object' };
    const m = field(item as Record<string, unknown>, 'method');
    if ('twice' in m) return { ok: false, status: 400, error: `a request holds ${m.twice.join(' and ')}: one spelling only` };
    const method = m.value;
    if (typeof method !== 'string') return { ok: false, status: 400, error: method === undefined ? 'a request has no method' : `a request's method must be a string, got ${JSON.stringify(method)}` };
    if (!(ALLOWED.test(method) || method === 'rpc_modules')) {
      return { ok: false, status: 403, error: `method ${JSON.stringify(method)} is not available through the gateway: only the user_ namespace is` };
    }
    const p = field(item as Record<string, unknown>, 'params');
    if ('twice' in p) return { ok: false, status: 400, error: `a request holds ${p.twice.join(' and ')}: one spelling only` };
    const params = Array.isArray(p.value) && p.value[0] !== null && typeof p.value[0] === 'object' && !Array.isArray(p.value[0]) ? (p.value[0] as Record<string, unknown>) : {};
    if (owner !== '') {
      const named = walletsNamed(params);
      if ('error' in named) return { ok: false, status: 400, error: named.error };
      const other = named.wallets.find((w) => w !== owner);
      if (other !== undefined) return { ok: false, status: 403, error: `this private token reaches only the files of ${owner}; ${method} names ${other}` };
    }
    calls.push({ method, params });
  }
  return { ok: true, calls };
}

/** The affinity key of a request: the file hash or reqid its session lives by. */
export function affinityKey(calls: readonly RpcCall[]): { reqid?: string; key?: string } {
  const p = calls[0]?.params ?? {};
  const get = (k: string): string | undefined => {
    const f = field(p, k);
    return 'value' in f && typeof f.value === 'string' && f.value !== '' ? f.value : undefined;
  };
  const handle = get('filehandle');
  let handleHash: string | undefined;
  if (handle) {
    try {
      handleHash = parseFileHandle(handle).fileHash;
    } catch {
      handleHash = undefined;
    }
  }
  return { reqid: get('reqid'), key: get('filehash') ?? handleHash ?? get('sharelink') };
}
