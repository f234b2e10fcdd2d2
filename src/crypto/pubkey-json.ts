/**
 * Proto-JSON of public keys as an `Any`: `{"@type":"/chain.crypto.v1.ethsecp256k1.PubKey","key":"<base64>"}`
 * — the `pubkey` string of `keys show` (SDK `codec.ProtoMarshalJSON`, compact) and the input of
 * `keys add --pubkey`.
 */
import type { NamingProfile } from '../naming.ts';
import { PROFILES } from '../naming.ts';
import type { PubKey } from './keys.ts';
import { KEY_ALGOS, makePubKey, pubKeyTypeUrl } from './keys.ts';

export function pubKeyToProtoJson(pub: PubKey, profile: NamingProfile): string {
  return JSON.stringify({ '@type': pubKeyTypeUrl(pub.algo, profile), key: Buffer.from(pub.key).toString('base64') });
}

/**
 * Accepts the type URLs of `profile` (the home's); one of the other profile's is refused, naming the
 * type URL of that key in this profile.
 */
export function pubKeyFromProtoJson(text: string, profile: NamingProfile): PubKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`invalid public key JSON ${text}: not JSON; expected {"@type":"<type URL>","key":"<base64>"}`);
  }
  if (typeof parsed !== 'object' || parsed === null) {
    throw new Error(`invalid public key JSON ${text}: expected an object {"@type":"<type URL>","key":"<base64>"}`);
  }
  const { '@type': type, key } = parsed as Record<string, unknown>;
  if (typeof type !== 'string' || typeof key !== 'string') {
    throw new Error(`invalid public key JSON ${text}: needs string fields "@type" and "key"`);
  }
  const algo = KEY_ALGOS.find((a) => type === pubKeyTypeUrl(a, profile));
  if (algo === undefined) {
    for (const other of Object.values(PROFILES)) {
      const as = other === profile ? undefined : KEY_ALGOS.find((a) => type === pubKeyTypeUrl(a, other));
      if (as !== undefined) {
        throw new Error(`public key type "${type}" is in the ${other.name} profile's words, and this home uses the ${profile.name} naming profile: give "${pubKeyTypeUrl(as, profile)}"`);
      }
    }
    const known = KEY_ALGOS.map((a) => pubKeyTypeUrl(a, profile)).join(', ');
    throw new Error(`unsupported public key type "${type}"; known types: ${known}`);
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(key) || key.length % 4 !== 0) {
    throw new Error(`invalid public key JSON: "key" is not base64: ${key}`);
  }
  return makePubKey(algo, Uint8Array.from(Buffer.from(key, 'base64')));
}
