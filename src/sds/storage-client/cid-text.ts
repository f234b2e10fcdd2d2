/**
 * A CID as users write it: a CIDv0 (`Qm…`) or a CIDv1 in any multibase (base32 `b…`, base36
 * `k…`, base58btc `z…`, base16 `f…`, base64url `u…`, …), as Kubo's go-cid `Decode` reads them.
 * multiformats' `CID.parse` alone reads only base32, base36 and base58btc.
 */
import * as dagPb from '@ipld/dag-pb';
import { bases } from 'multiformats/basics';
import { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';
import type { MultibaseDecoder } from 'multiformats/bases/interface';

/** Every multibase multiformats knows, by its prefix (one code point: base256emoji's is 🚀). */
const BY_PREFIX = new Map<string, MultibaseDecoder<string>>(Object.values(bases).map((b) => [b.prefix, b.decoder]));

const ANY_BASE: MultibaseDecoder<string> = {
  decode(text: string) {
    const prefix = String.fromCodePoint(text.codePointAt(0) ?? 0);
    const decoder = BY_PREFIX.get(prefix);
    if (!decoder) throw new Error(`unknown multibase prefix ${JSON.stringify(prefix)}`);
    return decoder.decode(text);
  },
};

/** The CID of `text`; throws as `CID.parse` does for text that is not one. */
export function parseCid(text: string): CID {
  return CID.parse(text, ANY_BASE);
}

/**
 * The other name of the same DAG node, which Kubo treats as the same block (it keys blocks by
 * multihash): a CIDv0's CIDv1 (base32), or a dag-pb sha2-256 CIDv1's CIDv0; undefined for any other
 * CID or text that is not one.
 */
function otherVersion(text: string): string | undefined {
  let cid: CID;
  try {
    cid = parseCid(text);
  } catch {
    return undefined;
  }
  if (cid.version === 0) return cid.toV1().toString();
  return cid.code === dagPb.code && cid.multihash.code === sha256.code ? cid.toV0().toString() : undefined;
}

/** `get` of a CID, else of the other version's CID of the same node (`otherVersion`). */
export function eitherVersion<T>(cid: string, get: (cid: string) => T | undefined): T | undefined {
  const found = get(cid);
  if (found !== undefined) return found;
  const alt = otherVersion(cid);
  return alt === undefined ? undefined : get(alt);
}
