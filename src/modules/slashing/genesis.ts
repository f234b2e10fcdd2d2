/**
 * Slashing genesis in the SDK's JSON shape (`app_state.slashing`: params, signing_infos,
 * missed_blocks). InitGenesis (v0.47) first records the pubkey of every staking validator, then sets
 * the listed signing infos and bit-array entries over what staking's genesis hooks made, then the
 * params. Export lists every signing info by consensus address bytes, each with its stored bits.
 */
import type { Draft } from 'immer';
import { Hrp, sdkAddressFromBech32 } from '../../crypto/address.ts';
import { Dec } from '../../math/dec.ts';
import type { AppState } from '../../state/app-state.ts';
import { formatTimeNs, parseTimeNs } from '../../state/block-info.ts';
import type { Ctx } from '../../state/module.ts';
import { goDurationString } from './go-duration.ts';
import { DEFAULT_SLASHING_PARAMS, slashingParamsFromProto, slashingParamsToJson } from './params.ts';
import { consBech32, missedBlockEntries, withMissedBlock, type MissedBlockChunks, type SigningInfoRecord } from './state.ts';

export interface JsonSigningInfo {
  readonly address: string;
  readonly start_height: string;
  readonly index_offset: string;
  readonly jailed_until: string;
  readonly tombstoned: boolean;
  readonly missed_blocks_counter: string;
}

export interface SlashingGenesis {
  readonly params: Record<string, unknown>;
  readonly signing_infos: readonly { readonly address: string; readonly validator_signing_info: JsonSigningInfo }[];
  readonly missed_blocks: readonly { readonly address: string; readonly missed_blocks: readonly { readonly index: string; readonly missed: boolean }[] }[];
}

export function defaultSlashingGenesis(): SlashingGenesis {
  return { params: slashingParamsToJson(DEFAULT_SLASHING_PARAMS), signing_infos: [], missed_blocks: [] };
}

/** `ValidateGenesis` of x/slashing v0.47 (its own texts, stricter than Params.Validate on window and jail time). */
export function validateSlashingGenesis(g: SlashingGenesis): void {
  const p = slashingParamsFromProto(g.params);
  const one = Dec.ONE.raw;
  const d = (raw: bigint) => Dec.fromRaw(raw).toString();
  if (p.slash_fraction_downtime < 0n || p.slash_fraction_downtime > one) {
    throw new Error(`slashing fraction downtime should be less than or equal to one and greater than zero, is ${d(p.slash_fraction_downtime)}`);
  }
  if (p.slash_fraction_double_sign < 0n || p.slash_fraction_double_sign > one) {
    throw new Error(`slashing fraction double sign should be less than or equal to one and greater than zero, is ${d(p.slash_fraction_double_sign)}`);
  }
  if (p.min_signed_per_window < 0n || p.min_signed_per_window > one) {
    throw new Error(`min signed per window should be less than or equal to one and greater than zero, is ${d(p.min_signed_per_window)}`);
  }
  if (p.downtime_jail_duration < 60_000_000_000n) {
    throw new Error(`downtime unjail duration must be at least 1 minute, is ${goDurationString(p.downtime_jail_duration)}`);
  }
  if (p.signed_blocks_window < 10n) throw new Error(`signed blocks window must be at least 10, is ${p.signed_blocks_window}`);
}

function consHexOf(address: string, where: string): string {
  try {
    return Buffer.from(sdkAddressFromBech32(address, Hrp.consensus)).toString('hex').toUpperCase();
  } catch (e) {
    throw new Error(`slashing genesis: ${where}: ${(e as Error).message}`);
  }
}

function intAt(v: unknown, where: string): bigint {
  const t = v === undefined || v === null ? '0' : String(v);
  if (!/^-?[0-9]+$/.test(t)) throw new Error(`slashing genesis: ${where} must be an integer string, got ${JSON.stringify(v)}`);
  return BigInt(t);
}

function signingInfoFrom(j: JsonSigningInfo, where: string): SigningInfoRecord {
  let jailedUntil = 0n;
  if (j.jailed_until !== undefined && j.jailed_until !== null) {
    try {
      jailedUntil = parseTimeNs(j.jailed_until);
    } catch (e) {
      throw new Error(`slashing genesis: ${where}.jailed_until: ${(e as Error).message}`);
    }
  }
  return {
    address: j.address ?? '',
    start_height: intAt(j.start_height, `${where}.start_height`),
    index_offset: intAt(j.index_offset, `${where}.index_offset`),
    jailed_until: jailedUntil,
    tombstoned: j.tombstoned ?? false,
    missed_blocks_counter: intAt(j.missed_blocks_counter, `${where}.missed_blocks_counter`),
  };
}

export function initSlashingGenesis(draft: Draft<AppState>, g: SlashingGenesis, _ctx: Ctx): void {
  const pubkeys = draft.slashing.pubkeys as Record<string, { type_url: string; key: string }>;
  for (const v of Object.values(draft.staking.validators)) {
    pubkeys[v.cons_address.toUpperCase()] = { type_url: v.consensus_pubkey.type_url, key: v.consensus_pubkey.key };
  }
  const infos = draft.slashing.signing_infos as Record<string, SigningInfoRecord>;
  (g.signing_infos ?? []).forEach((s, i) => {
    infos[consHexOf(s.address, `signing_infos[${i}].address`)] = signingInfoFrom(s.validator_signing_info, `signing_infos[${i}].validator_signing_info`);
  });
  const missed = draft.slashing.missed_blocks as Record<string, MissedBlockChunks>;
  (g.missed_blocks ?? []).forEach((m, i) => {
    const consHex = consHexOf(m.address, `missed_blocks[${i}].address`);
    let chunks = missed[consHex] as MissedBlockChunks | undefined;
    (m.missed_blocks ?? []).forEach((b, j) => {
      const index = intAt(b.index, `missed_blocks[${i}].missed_blocks[${j}].index`);
      if (index < 0n) throw new Error(`slashing genesis: missed_blocks[${i}].missed_blocks[${j}].index must not be negative`);
      chunks = withMissedBlock(chunks, index, b.missed ?? false);
    });
    if (chunks) missed[consHex] = chunks;
  });
  draft.slashing.params = slashingParamsFromProto(g.params);
}

export function signingInfoToJson(i: SigningInfoRecord): JsonSigningInfo {
  return {
    address: i.address,
    start_height: i.start_height.toString(),
    index_offset: i.index_offset.toString(),
    jailed_until: formatTimeNs(i.jailed_until),
    tombstoned: i.tombstoned,
    missed_blocks_counter: i.missed_blocks_counter.toString(),
  };
}

export function exportSlashingGenesis(state: AppState): SlashingGenesis {
  const keys = Object.keys(state.slashing.signing_infos).sort();
  const bech = consBech32;
  return {
    params: slashingParamsToJson(state.slashing.params),
    signing_infos: keys.map((k) => ({ address: bech(k), validator_signing_info: signingInfoToJson(state.slashing.signing_infos[k]!) })),
    missed_blocks: keys.map((k) => ({
      address: bech(k),
      missed_blocks: missedBlockEntries(state, k).map((b) => ({ index: b.index.toString(), missed: b.missed })),
    })),
  };
}
