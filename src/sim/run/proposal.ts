/**
 * A scenario's `proposal: {module, params}` as a gov proposal: one `MsgUpdateParams` of that module
 * (authority: the gov module account) whose params are the module's current params (queried at the
 * block before, in proto-JSON) with the scenario's values merged in, key by key. The proposer
 * deposits gov's `min_deposit`; every validator votes yes in the same block; the chain executes it
 * when the voting period ends (set `gov.params.voting_period` in the scenario's genesis for short runs).
 */
import type { App } from '../../abci/app.ts';
import { codec as neutralCodec } from '../../codec/index.ts';
import { parseProtoJson, protoJsonValue } from '../../codec/proto-json.ts';
import { moduleAccountAddress } from '../../modules/auth/account.ts';
import type { AppState } from '../../state/app-state.ts';
import { RunError } from './errors.ts';
import { mergeJson } from '../scenario/merge-json.ts';
import { PARAMS_PACKAGES } from '../scenario/chain.ts';

/**
 * `where`: the event as the messages name it, `<file>:<line>:<col>: events[<i>]` (the parser has
 * checked the module and the params; these errors are a last guard).
 */
export function proposalMessages(app: App, state: AppState, module: string, params: Readonly<Record<string, unknown>>, where: string): { messages: unknown[]; deposit: { denom: string; amount: string }[] } {
  const pkg = PARAMS_PACKAGES[module];
  if (!pkg) throw new RunError(`${where}.proposal.module: no params of module ${JSON.stringify(module)} (one of ${Object.keys(PARAMS_PACKAGES).join(', ')})`);
  const response = app.queryObject(`${pkg}.Query/Params`, module === 'gov' ? { params_type: 'voting' } : {});
  const current = (protoJsonValue(`${pkg}.QueryParamsResponse`, response, { codec: neutralCodec }) as { params?: unknown }).params;
  const json = { authority: moduleAccountAddress('gov'), params: mergeJson(current, params) };
  let msg;
  try {
    msg = parseProtoJson(`${pkg}.MsgUpdateParams`, json, { codec: neutralCodec });
  } catch (e) {
    throw new RunError(`${where}.proposal.params: ${(e as Error).message}`);
  }
  const deposit = state.gov.params.min_deposit.map((c) => ({ denom: c.denom, amount: c.amount.toString() }));
  return { messages: [neutralCodec.packAny(`${pkg}.MsgUpdateParams`, msg)], deposit };
}
