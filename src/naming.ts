/**
 * The one naming table. The spec writes framework, chain and consensus-engine names with neutral
 * words (`sdk`, `chain`, `consensus`); the real network uses other words for the same identifiers.
 * Every type URL, proto package, amino name, REST prefix and event type is built from this table,
 * so another profile changes all of them at once without touching modules.
 *
 * `neutral` is the product's default (spec/interfaces.md, "Naming convention").
 * `real` exists so that byte-exact vectors of the real network (reference/wire-formats.md §3)
 * can be checked against the same encoder.
 */
export interface NamingProfile {
  readonly name: 'neutral' | 'real';
  /** proto package root and REST path root of the framework: `sdk.bank.v1beta1`, `/sdk/bank/v1beta1`. */
  readonly sdk: string;
  /** proto package root of the chain's own modules: `chain.sds.v1`. */
  readonly chain: string;
  /** proto package root of the consensus engine types: `consensus.types`. */
  readonly consensus: string;
  /** amino JSON prefix of framework messages: `sdk/MsgSend`. */
  readonly sdkAmino: string;
  /** amino JSON prefix of chain keys: `chain/PubKeyEthSecp256k1`. */
  readonly chainAmino: string;
  /** amino JSON prefix of consensus keys: `consensus/PubKeyEd25519`. */
  readonly consensusAmino: string;
  /** CLI name of the consensus command group: `chaind consensus …`. */
  readonly consensusCommand: string;
}

export const NEUTRAL: NamingProfile = Object.freeze({
  name: 'neutral',
  sdk: 'sdk',
  chain: 'chain',
  consensus: 'consensus',
  sdkAmino: 'sdk',
  chainAmino: 'chain',
  consensusAmino: 'consensus',
  consensusCommand: 'consensus',
});

export const REAL: NamingProfile = Object.freeze({
  name: 'real',
  sdk: 'cosmos',
  chain: 'stratos',
  consensus: 'tendermint',
  sdkAmino: 'cosmos-sdk',
  chainAmino: 'stratos',
  consensusAmino: 'tendermint',
  consensusCommand: 'tendermint',
});

export const PROFILES = { neutral: NEUTRAL, real: REAL } as const;

/** The words that the proto sources and the code use; each maps to a profile field. */
const ROOTS = ['sdk', 'chain', 'consensus'] as const;
type Root = (typeof ROOTS)[number];

/**
 * Renames a fully qualified neutral name (`sdk.bank.v1beta1.MsgSend`, `/chain.sds.v1.MsgPrepay`,
 * `chain.pot.v1.EventWithdraw`) into the profile's words. Names that do not start with a root word
 * are returned unchanged (e.g. `google.protobuf.Any`).
 */
export function qualify(profile: NamingProfile, neutralName: string): string {
  const slash = neutralName.startsWith('/') ? '/' : '';
  const bare = slash ? neutralName.slice(1) : neutralName;
  const dot = bare.indexOf('.');
  const head = dot < 0 ? bare : bare.slice(0, dot);
  if (!(ROOTS as readonly string[]).includes(head)) return neutralName;
  return slash + profile[head as Root] + bare.slice(head.length);
}

/** The inverse of `qualify`: a profile name back to its neutral spelling. */
export function neutralize(profile: NamingProfile, name: string): string {
  const slash = name.startsWith('/') ? '/' : '';
  const bare = slash ? name.slice(1) : name;
  for (const root of ROOTS) {
    const word = profile[root];
    if (bare === word || bare.startsWith(word + '.')) return slash + root + bare.slice(word.length);
  }
  return name;
}

/** Type URL of a neutral proto name in a profile: `typeUrl(REAL, 'sdk.bank.v1beta1.MsgSend')`. */
export function typeUrl(profile: NamingProfile, neutralName: string): string {
  return '/' + qualify(profile, neutralName.replace(/^\//, ''));
}

/** Amino JSON name in a profile; `aminoName(p, 'sdk', 'MsgSend')` → `sdk/MsgSend` or `cosmos-sdk/MsgSend`. */
export function aminoName(profile: NamingProfile, root: Root | null, name: string): string {
  if (root === null) return name;
  const prefix = root === 'sdk' ? profile.sdkAmino : root === 'chain' ? profile.chainAmino : profile.consensusAmino;
  return `${prefix}/${name}`;
}

/**
 * Rewrites proto source text written with neutral package words into the profile's words.
 * Only qualified references (`sdk.`, `chain.`, `consensus.` followed by a lowercase package part)
 * are touched, so field names such as `chain_id` stay as they are.
 */
export function renameProtoSource(profile: NamingProfile, source: string): string {
  if (profile.name === 'neutral') return source;
  return source.replace(/(?<![\w.])(sdk|chain|consensus)\.(?=[a-z])/g, (_m, root: Root) => profile[root] + '.');
}
