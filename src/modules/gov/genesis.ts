/**
 * Gov genesis in the SDK's v1 JSON shape (`app_state.gov`, v0.47): starting_proposal_id,
 * deposits, votes, proposals, the deprecated deposit_params / voting_params / tally_params
 * (exported as null, as v0.47 does; read if present and `params` is absent) and params.
 */
import { castDraft, type Draft } from 'immer';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { ensureModuleAccount } from '../auth/state.ts';
import { DEFAULT_GOV_PARAMS, govParamsFromJson, govParamsToJson, validateGovParams, type JsonGovParams } from './params.ts';
import { emptyGovState } from './state.ts';

export interface GovGenesis {
  readonly starting_proposal_id: string;
  readonly deposits: readonly unknown[];
  readonly votes: readonly unknown[];
  readonly proposals: readonly unknown[];
  readonly deposit_params: unknown;
  readonly voting_params: unknown;
  readonly tally_params: unknown;
  readonly params: JsonGovParams | null;
}

export function defaultGovGenesis(): GovGenesis {
  return {
    starting_proposal_id: '1',
    deposits: [],
    votes: [],
    proposals: [],
    deposit_params: null,
    voting_params: null,
    tally_params: null,
    params: govParamsToJson(DEFAULT_GOV_PARAMS),
  };
}

function startingId(g: GovGenesis): bigint {
  const t = String(g.starting_proposal_id ?? '1');
  if (!/^[0-9]+$/.test(t)) throw new Error(`gov genesis: starting_proposal_id must be an unsigned integer string, got ${JSON.stringify(g.starting_proposal_id)}`);
  return BigInt(t);
}

export function validateGovGenesis(g: GovGenesis): void {
  startingId(g);
  const params = govParamsFromJson(g.params ?? undefined);
  try {
    validateGovParams(params);
  } catch (e) {
    throw new Error(`gov genesis: params: ${(e as Error).message}`);
  }
}

export function initGovGenesis(draft: Draft<AppState>, g: GovGenesis, ctx: Ctx): void {
  // the SDK's InitGenesis fetches (so creates) the gov module account
  ensureModuleAccount(draft, 'gov', ctx);
  draft.gov = castDraft({ ...emptyGovState(), params: govParamsFromJson(g.params ?? undefined), next_proposal_id: startingId(g) });
}

export function exportGovGenesis(state: AppState): GovGenesis {
  return {
    starting_proposal_id: state.gov.next_proposal_id.toString(),
    deposits: [],
    votes: [],
    proposals: [],
    deposit_params: null,
    voting_params: null,
    tally_params: null,
    params: govParamsToJson(state.gov.params),
  };
}
