/**
 * Evidence genesis (`app_state.evidence`: `{evidence: [Any]}`, each an `Equivocation` with
 * `@type /sdk.evidence.v1beta1.Equivocation`), exported in hash order as the store iterates.
 */
import type { Draft } from 'immer';
import type { AppState } from '../../state/app-state.ts';
import { formatTimeNs, parseTimeNs } from '../../state/block-info.ts';
import type { Ctx } from '../../state/module.ts';
import { equivocationHash } from './equivocation.ts';
import type { EquivocationRecord } from './state.ts';

export const EQUIVOCATION_TYPE_URL = '/sdk.evidence.v1beta1.Equivocation';

export interface JsonEquivocation {
  readonly '@type': string;
  readonly height: string;
  readonly time: string;
  readonly power: string;
  readonly consensus_address: string;
}

export interface EvidenceGenesis {
  readonly evidence: readonly JsonEquivocation[];
}

export function defaultEvidenceGenesis(): EvidenceGenesis {
  return { evidence: [] };
}

function fromJson(j: JsonEquivocation, where: string): EquivocationRecord {
  if (!String(j['@type'] ?? '').endsWith('.evidence.v1beta1.Equivocation')) {
    throw new Error(`evidence genesis: ${where}: unsupported evidence type ${JSON.stringify(j['@type'])}`);
  }
  const int = (v: unknown, f: string) => {
    const t = String(v ?? '0');
    if (!/^-?[0-9]+$/.test(t)) throw new Error(`evidence genesis: ${where}.${f} must be an integer string, got ${JSON.stringify(v)}`);
    return BigInt(t);
  };
  let time: bigint;
  try {
    time = parseTimeNs(String(j.time ?? '1970-01-01T00:00:00Z'));
  } catch (e) {
    throw new Error(`evidence genesis: ${where}.time: ${(e as Error).message}`);
  }
  return { height: int(j.height, 'height'), time, power: int(j.power, 'power'), consensus_address: String(j.consensus_address ?? '') };
}

/** `ValidateGenesis`: each evidence passes ValidateBasic (height, power positive; address set). */
export function validateEvidenceGenesis(g: EvidenceGenesis): void {
  (g.evidence ?? []).forEach((j, i) => {
    const e = fromJson(j, `evidence[${i}]`);
    if (e.time < 1_000_000_000n) throw new Error(`evidence genesis: evidence[${i}]: invalid equivocation time: ${j.time}`); // Time.Unix() <= 0
    if (e.height < 1n) throw new Error(`evidence genesis: evidence[${i}]: invalid equivocation height: ${e.height}`);
    if (e.power < 1n) throw new Error(`evidence genesis: evidence[${i}]: invalid equivocation validator power: ${e.power}`);
    if (e.consensus_address === '') throw new Error(`evidence genesis: evidence[${i}]: invalid equivocation validator consensus address: `);
  });
}

export function initEvidenceGenesis(draft: Draft<AppState>, g: EvidenceGenesis, _ctx: Ctx): void {
  const store = draft.evidence.evidence as Record<string, EquivocationRecord>;
  (g.evidence ?? []).forEach((j, i) => {
    const e = fromJson(j, `evidence[${i}]`);
    store[equivocationHash(e)] = e;
  });
}

export function exportEvidenceGenesis(state: AppState): EvidenceGenesis {
  return {
    evidence: Object.keys(state.evidence.evidence)
      .sort()
      .map((k) => {
        const e = state.evidence.evidence[k]!;
        return { '@type': EQUIVOCATION_TYPE_URL, height: e.height.toString(), time: formatTimeNs(e.time), power: e.power.toString(), consensus_address: e.consensus_address };
      }),
  };
}
