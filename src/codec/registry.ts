/**
 * The codec: one object per naming profile that encodes, decodes and packs every proto type by its
 * neutral name (`sdk.bank.v1beta1.MsgSend`), whatever words the profile puts on the wire.
 */
import protobuf from 'protobufjs';
import { SdkErrors } from '../errors.ts';
import { markUnresolvedTypeUrl, NEUTRAL, type NamingProfile, neutralize, qualify, typeUrl as profileTypeUrl, wrongProfileHint } from '../naming.ts';
import { decodeMessage, defaultMessage, encodeMessage, type ProtoObject } from './binary.ts';
import { protoName } from './field-info.ts';
import { buildInterfaceRegistry, type InterfaceRegistry } from './interface-registry.ts';
import { loadProtoRoot } from './proto-root.ts';
import { MalformedProtoError } from './wire.ts';

export type { ProtoObject } from './binary.ts';

/** `google.protobuf.Any` as the codec hands it out. */
export interface Any {
  type_url: string;
  value: Uint8Array;
}

export interface UnpackedAny {
  /** neutral proto name of the packed type, e.g. `chain.sds.v1.MsgFileUpload` */
  typeName: string;
  value: ProtoObject;
}

export interface Codec {
  readonly profile: NamingProfile;
  readonly root: protobuf.Root;
  readonly interfaces: InterfaceRegistry;
  /** Binary protobuf of `obj` as message `typeName` (neutral name, leading `/` allowed). */
  encode(typeName: string, obj: unknown): Uint8Array;
  /** Decodes bytes; throws MalformedProtoError (from wire.ts) on bytes that are not that message. */
  decode(typeName: string, bytes: Uint8Array): ProtoObject;
  /** A message with every field at its default, overlaid with `fields` (shallow). */
  create(typeName: string, fields?: ProtoObject): ProtoObject;
  packAny(typeName: string, obj: unknown): Any;
  /** Unknown type URL or undecodable value → ChainError TxDecode (sdk code 2). */
  unpackAny(any: Any): UnpackedAny;
  /** Type URL in the profile's words: `/cosmos.bank.v1beta1.MsgSend` under REAL. */
  typeUrl(typeName: string): string;
  /** The protobufjs type of a neutral name; plain Error when unknown. */
  lookupType(typeName: string): protobuf.Type;
  hasType(typeName: string): boolean;
  /** Neutral name of a protobufjs type or profile name (`cosmos.bank…` → `sdk.bank…`). */
  neutralName(typeOrName: protobuf.Type | string): string;
  /**
   * Neutral type name of a type URL written in this profile's words, or null when the URL names no
   * loaded type (a neutral URL under the real profile does not resolve).
   */
  typeNameOfUrl(url: string): string | null;
}

const codecs = new Map<string, Codec>();

export function createCodec(profile: NamingProfile = NEUTRAL): Codec {
  const hit = codecs.get(profile.name);
  if (hit) return hit;
  const root = loadProtoRoot(profile);
  const interfaces = buildInterfaceRegistry(root, profile);
  const bare = (name: string) => name.replace(/^\//, '');

  // exact names only: protobufjs' own lookup also matches partial paths
  const types = new Map<string, protobuf.Type>();
  const collect = (ns: protobuf.NamespaceBase): void => {
    for (const child of ns.nestedArray) {
      if (child instanceof protobuf.Type) types.set(protoName(child), child);
      if (child instanceof protobuf.Namespace || child instanceof protobuf.Type) collect(child);
    }
  };
  collect(root);
  // memoized by the name as given: every decode of every tx looks its types up
  const found = new Map<string, protobuf.Type | null>();
  const find = (typeName: string): protobuf.Type | null => {
    let t = found.get(typeName);
    if (t === undefined) {
      t = types.get(qualify(profile, bare(typeName))) ?? null;
      if (found.size < 10_000) found.set(typeName, t);
    }
    return t;
  };
  const lookupType = (typeName: string): protobuf.Type => {
    const t = find(typeName);
    if (!t) throw new Error(`unknown proto message type ${JSON.stringify(typeName)} (expected a neutral name such as "sdk.bank.v1beta1.MsgSend")`);
    return t;
  };
  // a type's neutral name, kept per type: every decode of every tx names its messages' types
  const typeNames = new Map<protobuf.Type, string>();
  const neutralName = (typeOrName: protobuf.Type | string): string => {
    if (typeof typeOrName === 'string') return neutralize(profile, bare(typeOrName));
    let name = typeNames.get(typeOrName);
    if (name === undefined) typeNames.set(typeOrName, (name = neutralize(profile, protoName(typeOrName))));
    return name;
  };

  const resolveUrl = (url: string): string | null => {
    if (!url.startsWith('/')) return null;
    const name = neutralize(profile, url.slice(1));
    return find(name) && profileTypeUrl(profile, name) === url ? name : null;
  };
  const nameOfUrl = new Map<string, string | null>();

  const codec: Codec = {
    profile,
    root,
    interfaces,
    encode: (typeName, obj) => encodeMessage(lookupType(typeName), obj, bare(typeName)),
    decode: (typeName, bytes) => decodeMessage(lookupType(typeName), bytes),
    create: (typeName, fields = {}) => {
      const out = defaultMessage(lookupType(typeName));
      for (const [k, v] of Object.entries(fields)) {
        if (!(k in out)) throw new Error(`${bare(typeName)}: unknown field "${k}"`);
        out[k] = v;
      }
      return out;
    },
    packAny: (typeName, obj) => ({ type_url: profileTypeUrl(profile, bare(typeName)), value: codec.encode(typeName, obj) }),
    unpackAny: (any) => {
      const url = any.type_url;
      const name = codec.typeNameOfUrl(url);
      const type = name === null ? null : find(name);
      if (!type) throw markUnresolvedTypeUrl(SdkErrors.TxDecode.wrap(`unable to resolve type URL ${url}${wrongProfileHint(profile, url)}`), url);
      try {
        return { typeName: neutralName(type), value: decodeMessage(type, any.value) };
      } catch (err) {
        if (err instanceof MalformedProtoError) throw SdkErrors.TxDecode.wrap(err.message);
        throw err;
      }
    },
    typeUrl: (typeName) => profileTypeUrl(profile, bare(typeName)),
    lookupType,
    hasType: (typeName) => find(typeName) !== null,
    neutralName,
    typeNameOfUrl: (url) => {
      // memoized: every Any of every tx resolves its URL, and the answer is fixed for the codec
      let name = nameOfUrl.get(url);
      if (name === undefined) {
        name = resolveUrl(url);
        if (nameOfUrl.size < 10_000) nameOfUrl.set(url, name);
      }
      return name;
    },
  };
  codecs.set(profile.name, codec);
  return codec;
}

/** The codec of the neutral profile (the product default). */
export const codec: Codec = createCodec(NEUTRAL);
