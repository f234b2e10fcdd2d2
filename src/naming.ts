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
  // the framework's consensus-engine service: `sdk.base.consensus.v1beta1` → `cosmos.base.tendermint.v1beta1`
  if (bare.startsWith(BASE_CONSENSUS)) return slash + profile.sdk + '.base.' + profile.consensus + bare.slice(BASE_CONSENSUS.length - 1);
  return slash + profile[head as Root] + bare.slice(head.length);
}

/** The one package whose inner word is a profile word too (`cosmos/base/tendermint/v1beta1/query.proto`). */
const BASE_CONSENSUS = 'sdk.base.consensus.';

/** The inverse of `qualify`: a profile name back to its neutral spelling. */
export function neutralize(profile: NamingProfile, name: string): string {
  const slash = name.startsWith('/') ? '/' : '';
  const bare = slash ? name.slice(1) : name;
  const baseConsensus = `${profile.sdk}.base.${profile.consensus}.`;
  if (bare.startsWith(baseConsensus)) return slash + BASE_CONSENSUS + bare.slice(baseConsensus.length);
  for (const root of ROOTS) {
    const word = profile[root];
    if (bare === word || bare.startsWith(word + '.')) return slash + root + bare.slice(word.length);
  }
  return name;
}

/**
 * The neutral name of a query path (`cosmos.bank.v1beta1.Query/Balance`, without its `/`) as a chain
 * of `profile` routes it over abci_query: written in the chain's words, or, on a neutral chain, in
 * the real network's (docs/naming.md); undefined for a path in any other words (a real chain does
 * not route `sdk.…` paths).
 */
export function routedQueryName(profile: NamingProfile, path: string): string | undefined {
  for (const p of profile.name === 'neutral' ? [profile, REAL] : [profile]) {
    const name = neutralize(p, path);
    if (qualify(p, name) === path && inProfileWords(NEUTRAL, name)) return name;
  }
  return undefined;
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
  return source.replace(/(?<![\w.])sdk\.base\.consensus\.(?=[a-z])/g, `sdk.base.${profile.consensus}.`).replace(/(?<![\w.])(sdk|chain|consensus)\.(?=[a-z])/g, (_m, root: Root) => profile[root] + '.');
}

/**
 * REST path of a neutral gateway path (`/sdk/bank/v1beta1/balances/{address}`) in the profile's words:
 * `/cosmos/bank/v1beta1/…`, `/stratos/register/v1/…`, `/cosmos/base/tendermint/v1beta1/…` under REAL.
 */
export function restPath(profile: NamingProfile, neutralPath: string): string {
  if (profile.name === 'neutral' || !neutralPath.startsWith('/')) return neutralPath;
  const dotted = neutralPath.slice(1).split('/');
  const head = dotted[0] ?? '';
  if (!(ROOTS as readonly string[]).includes(head)) return neutralPath;
  if (head === 'sdk' && dotted[1] === 'base' && dotted[2] === 'consensus') dotted[2] = profile.consensus;
  dotted[0] = profile[head as Root];
  return '/' + dotted.join('/');
}

/**
 * Where a chain records its profile: genesis `app_state.naming = {"profile": "real"}` (absent: neutral,
 * so every neutral genesis stays as the spec writes it). The app reads it before InitChain and on
 * every open from the genesis the store keeps, so a chain's blocks are always replayed in its words.
 */
export const NAMING_GENESIS_KEY = 'naming';

/** The profile of a profile name; throws naming the accepted names. */
export function profileNamed(name: string, where = 'naming profile'): NamingProfile {
  const p = (PROFILES as Record<string, NamingProfile>)[name];
  if (!p) throw new Error(`${where}: unknown naming profile ${JSON.stringify(name)} (expected "neutral" or "real")`);
  return p;
}

/** The profile a genesis `app_state` records (neutral when it records none). */
export function profileOfAppState(appState: unknown): NamingProfile {
  const entry = appState && typeof appState === 'object' ? (appState as Record<string, unknown>)[NAMING_GENESIS_KEY] : undefined;
  if (entry === undefined) return NEUTRAL;
  const name = entry && typeof entry === 'object' ? (entry as Record<string, unknown>).profile : undefined;
  if (typeof name !== 'string') throw new Error(`genesis.app_state.${NAMING_GENESIS_KEY}: expected {"profile": "neutral" | "real"}, got ${JSON.stringify(entry)}`);
  return profileNamed(name, `genesis.app_state.${NAMING_GENESIS_KEY}.profile`);
}

/** The `app_state.naming` entry of a profile: undefined for neutral (nothing is written). */
export function appStateNamingEntry(profile: NamingProfile): { profile: string } | undefined {
  return profile.name === 'neutral' ? undefined : { profile: profile.name };
}

/** Whether a type URL or qualified name is written in the profile's words (`/cosmos.…` for REAL). */
export function inProfileWords(profile: NamingProfile, name: string): boolean {
  const bare = name.startsWith('/') ? name.slice(1) : name;
  return ROOTS.some((root) => bare.startsWith(profile[root] + '.'));
}

/**
 * Why a type URL does not resolve on a chain of a non-neutral profile when it is written in another
 * profile's words, or '' (a neutral chain keeps the SDK's text as it is): ` (this chain uses the real
 * naming profile: its type URLs start with /cosmos., /stratos., /tendermint.; this one is neutral)`.
 */
export function wrongProfileHint(profile: NamingProfile, url: string): string {
  if (profile.name === 'neutral' || inProfileWords(profile, url)) return '';
  const other = Object.values(PROFILES).find((p) => p !== profile && inProfileWords(p, url));
  if (!other) return '';
  return ` (this chain uses the ${profile.name} naming profile: its type URLs start with ${rootsOf(profile)}; this one is ${other.name})`;
}

/** The property that marks an error thrown because a codec could not resolve a type URL it decoded. */
const UNRESOLVED_TYPE_URL = Symbol('unresolvedTypeUrl');

/**
 * Marks `err` as a codec's failure to resolve `url` while decoding bytes (an `Any` of a query
 * answer, a tx, a block), so that a client can explain it from its side (`clientProfileMismatch`).
 */
export function markUnresolvedTypeUrl<E extends Error>(err: E, url: string): E {
  Object.defineProperty(err, UNRESOLVED_TYPE_URL, { value: url, enumerable: false });
  return err;
}

/** The type URL an error marked by `markUnresolvedTypeUrl` could not resolve; undefined for any other error. */
export function unresolvedTypeUrlOf(err: unknown): string | undefined {
  if (err === null || typeof err !== 'object') return undefined;
  const url = (err as Record<symbol, unknown>)[UNRESOLVED_TYPE_URL];
  return typeof url === 'string' ? url : undefined;
}

/**
 * A client's own account of a node answer it cannot decode because a type URL in it is in another
 * profile's words than the client's (its home's client.toml `naming`), or undefined when `url` is
 * in no other profile's words:
 * `unable to resolve type URL /sdk.auth.v1beta1.BaseAccount: the node answered in the neutral
 * profile's words (/sdk., /chain., /consensus.), but this home's client.toml records naming = "real";
 * for a neutral chain, run "chaind config naming neutral"`. `home` (when given) is added to the command.
 */
export function clientProfileMismatch(client: NamingProfile, url: string, home?: string): string | undefined {
  if (inProfileWords(client, url)) return undefined;
  const node = Object.values(PROFILES).find((p) => p !== client && inProfileWords(p, url));
  if (!node) return undefined;
  return `unable to resolve type URL ${url}: the node answered in the ${node.name} profile's words (${rootsOf(node)}), but this home's client.toml ${recordedNaming(client)}; for a ${node.name} chain, run "${switchCommand(node, home)}"`;
}

/** What a home's client.toml records of `client`, as the naming hints say it. */
function recordedNaming(client: NamingProfile): string {
  return client.name === 'neutral' ? 'records no naming (the neutral profile)' : `records naming = "${client.name}"`;
}

/** The command that switches a home to `profile`. */
function switchCommand(profile: NamingProfile, home?: string): string {
  return `chaind config naming ${profile.name}${home === undefined ? '' : ` --home ${home}`}`;
}

/** A profile's type URL roots: `/cosmos., /stratos., /tendermint.`. */
function rootsOf(profile: NamingProfile): string {
  return ROOTS.map((r) => `/${profile[r]}.`).join(', ');
}

/**
 * A node's "unknown query path" for a path this client asked in its own words, told with what it
 * most likely means for a path the CLI knows: the node speaks the other profile's words
 * (`clientProfileMismatch` tells the same for an answer). Undefined for any other text.
 */
export function unknownQueryPathHint(client: NamingProfile, message: string, home?: string): string | undefined {
  const path = message.match(/unknown query path: (\/\S+): unknown request/)?.[1];
  if (path === undefined || !inProfileWords(client, path)) return undefined;
  const other = Object.values(PROFILES).find((p) => p !== client);
  if (!other) return undefined;
  return `${message} (this home's client.toml ${recordedNaming(client)} and asks in its words; a chain of the ${other.name} profile routes only ${rootsOf(other)}: for one, run "${switchCommand(other, home)}")`;
}

/**
 * A copy of a JSON value with every `"@type"` value renamed by `rename` (genesis JSON between the
 * profile's words and the neutral words the modules keep). `skip` names top-level keys left as they are.
 */
export function renameJsonTypeUrls(value: unknown, rename: (url: string, path: string) => string, skip: readonly string[] = [], path = ''): unknown {
  if (Array.isArray(value)) return value.map((v, i) => renameJsonTypeUrls(v, rename, [], `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const at = path ? `${path}.${k}` : k;
    if (skip.includes(k)) out[k] = v;
    else if (k === '@type' && typeof v === 'string') out[k] = rename(v, at);
    else out[k] = renameJsonTypeUrls(v, rename, [], at);
  }
  return out;
}

/** Genesis app_state JSON in the profile's words → the neutral words (refusing the other profile's URLs). */
export function neutralizeGenesisJson(profile: NamingProfile, appState: Record<string, unknown>, skip: readonly string[]): Record<string, unknown> {
  // neutral: the modules' own words, nothing to rename (a real URL fails in the module that reads it)
  if (profile.name === 'neutral') return appState;
  return renameJsonTypeUrls(appState, (url, at) => {
    const hint = wrongProfileHint(profile, url);
    if (hint) throw new Error(`genesis.app_state.${at}: unknown type URL ${url}${hint}`);
    return neutralize(profile, url);
  }, skip) as Record<string, unknown>;
}

/** Genesis JSON in neutral words → the profile's words. */
export function qualifyGenesisJson<T>(profile: NamingProfile, json: T, skip: readonly string[] = []): T {
  if (profile.name === 'neutral') return json;
  return renameJsonTypeUrls(json, (url) => qualify(profile, url), skip) as T;
}
