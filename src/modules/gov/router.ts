/**
 * The execution router of proposals (reference/sdk-modules.md §9.4): which messages a proposal may
 * carry, how they are kept in state, and their execution in a cache.
 *
 * The real chain routes every registered Msg; the simulator routes the ones gov is meant for:
 * MsgUpdateParams of every module with params, distribution's MsgCommunityPoolSpend, bank's MsgSend
 * (from the gov account) and MsgExecLegacyContent (TextProposal). Anything else is refused at
 * submit as unroutable (gov 10), as is a listed type whose module is not in the App.
 *
 * The handlers are the App's own MsgSpecs, handed to the gov module as a lookup (`MsgRouter`) when
 * the module set is built (src/abci/modules.ts), so gov's reducers stay pure and the App has no
 * special case.
 *
 * Cache semantics (the SDK's `CacheContext`): the messages run on their own immer draft of the
 * current state (`current(draft)`), with their events buffered. Only if every message succeeds are
 * the changed slices written back into the block's draft and the events emitted. The Sharded tries
 * are safe here: the nested produce has its own token, so it copies every trie node it writes and
 * never touches the nodes the outer draft owns.
 */
import { current, Immer, type Draft } from 'immer';
import { createCodec, type Any, type Codec } from '../../codec/registry.ts';
import { SdkErrors } from '../../errors.ts';
import type { ChainEvent } from '../../events/event.ts';
import { NEUTRAL, REAL } from '../../naming.ts';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx, MsgSpec } from '../../state/module.ts';
import type { ProposalMessageRecord } from './state.ts';

/** The App's message handlers by neutral type name. */
export type MsgRouter = (typeName: string) => MsgSpec | undefined;

/** The message types a proposal may carry (neutral names). */
export const PROPOSAL_MSG_TYPES: ReadonlySet<string> = new Set([
  'sdk.auth.v1beta1.MsgUpdateParams',
  'sdk.bank.v1beta1.MsgUpdateParams',
  'sdk.staking.v1beta1.MsgUpdateParams',
  'sdk.distribution.v1beta1.MsgUpdateParams',
  'sdk.mint.v1beta1.MsgUpdateParams',
  'sdk.slashing.v1beta1.MsgUpdateParams',
  'sdk.gov.v1.MsgUpdateParams',
  'chain.register.v1.MsgUpdateParams',
  'chain.sds.v1.MsgUpdateParams',
  'chain.pot.v1.MsgUpdateParams',
  'sdk.distribution.v1beta1.MsgCommunityPoolSpend',
  'sdk.bank.v1beta1.MsgSend',
  'sdk.gov.v1.MsgExecLegacyContent',
]);

/** The handler of a proposal message type, or undefined when gov does not route it. */
export function routeOf(router: MsgRouter, typeName: string): MsgSpec | undefined {
  return PROPOSAL_MSG_TYPES.has(typeName) ? router(typeName) : undefined;
}

const neutralCodec = (): Codec => createCodec(NEUTRAL);

/** Neutral type name of a type URL in the neutral or the real network's words (null if unknown). */
export function typeNameOfUrl(url: string): string | null {
  return neutralCodec().typeNameOfUrl(url) ?? createCodec(REAL).typeNameOfUrl(url);
}

/** The decoded message of an Any (proto bytes are the same in every naming profile). */
export function decodeAny(any: Any): { typeName: string; value: Record<string, unknown> } {
  const typeName = typeNameOfUrl(any.type_url);
  // as the tx decoder's UnpackInterfaces: sdk 2
  if (typeName === null) throw SdkErrors.TxDecode.wrap(`unable to resolve type URL ${any.type_url}`);
  return { typeName, value: neutralCodec().decode(typeName, any.value) as Record<string, unknown> };
}

export function messageRecord(typeName: string, bytes: Uint8Array): ProposalMessageRecord {
  return { type_name: typeName, value: Buffer.from(bytes).toString('base64') };
}

/** The stored message as an Any in `codec`'s words (queries). */
export function messageAny(codec: Codec, m: ProposalMessageRecord): Any {
  return { type_url: codec.typeUrl(m.type_name), value: new Uint8Array(Buffer.from(m.value, 'base64')) };
}

export function decodeMessageRecord(m: ProposalMessageRecord): Record<string, unknown> {
  return neutralCodec().decode(m.type_name, new Uint8Array(Buffer.from(m.value, 'base64'))) as Record<string, unknown>;
}

const cacheImmer = new Immer({ autoFreeze: false });

export type CacheOutcome = { ok: true } | { ok: false; index: number; typeName: string; error: unknown };

/**
 * Runs `msgs` in order on a cache of the state: each message's ValidateBasic, then its handler
 * (as the v0.47 msg service router does). All succeed → the changes are written into `draft` and
 * the buffered events emitted; otherwise nothing is written and the first failure is returned.
 */
export function runInCache(
  draft: Draft<AppState>,
  msgs: readonly { typeName: string; spec: MsgSpec; value: unknown }[],
  ctx: Ctx,
  /** false: a dry run, nothing written even on success (the submit-time check of MsgExecLegacyContent) */
  commit = true,
): CacheOutcome {
  const before = current(draft) as AppState;
  const events: ChainEvent[] = [];
  const cacheCtx: Ctx = { block: ctx.block, gas: ctx.gas, emit: (e) => void events.push(e) };
  let failure: CacheOutcome | undefined;
  const after = cacheImmer.produce(before, (cache) => {
    for (let i = 0; i < msgs.length; i++) {
      const m = msgs[i]!;
      try {
        m.spec.validateBasic?.(m.value);
        m.spec.handle(cache as Draft<AppState>, m.value, cacheCtx);
      } catch (error) {
        failure = { ok: false, index: i, typeName: m.typeName, error };
        return;
      }
    }
  });
  if (failure) return failure;
  if (!commit) return { ok: true };
  assignChanges(draft as unknown as Record<string, unknown>, before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>);
  for (const e of events) ctx.emit(e);
  return { ok: true };
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/**
 * Writes what changed between `before` and `after` into the draft `target`, descending through
 * plain objects (so the outer draft keeps drafting the parts it reaches later) and assigning
 * anything else whole (arrays, records replaced by the messages, trie nodes).
 */
function assignChanges(target: Record<string, unknown>, before: Record<string, unknown>, after: Record<string, unknown>): void {
  for (const key of Object.keys(before)) if (!(key in after)) delete target[key];
  for (const key of Object.keys(after)) {
    const a = after[key];
    const b = before[key];
    if (a === b) continue;
    if (isPlainObject(a) && isPlainObject(b)) assignChanges(target[key] as Record<string, unknown>, b, a);
    else target[key] = a;
  }
}
