/**
 * The slashing slice (reference/sdk-modules.md §6.1): params, validator signing infos and missed-
 * block bit arrays by consensus address (uppercase hex, as votes name it), and the consensus
 * address → pubkey relation (`AddPubkey`).
 *
 * The bit array keeps what the v0.47 store keeps: an entry per index that was ever written since
 * the last reset, `true` (missed) or `false` (a cleared miss), because the genesis export lists
 * both. It is held in chunks of `MISSED_CHUNK` indexes, one string each (`.` no entry, `0` false,
 * `1` true), so a block's write copies one short string, not the whole window.
 */
import { hexToBytes } from '@noble/hashes/utils.js';
import { consAddress } from '../../crypto/address.ts';
import { DEFAULT_SLASHING_PARAMS, type SlashingParams } from './params.ts';

export interface SigningInfoRecord {
  /** `stvalcons1…` */
  readonly address: string;
  readonly start_height: bigint;
  readonly index_offset: bigint;
  /** ns since the Unix epoch */
  readonly jailed_until: bigint;
  readonly tombstoned: boolean;
  readonly missed_blocks_counter: bigint;
}

/** chunk number (decimal text) → MISSED_CHUNK characters */
export type MissedBlockChunks = Readonly<Record<string, string>>;

export interface SlashingState {
  readonly params: SlashingParams;
  /** consensus address (uppercase hex) → signing info */
  readonly signing_infos: Readonly<Record<string, SigningInfoRecord>>;
  /** consensus address (uppercase hex) → the bit array's chunks */
  readonly missed_blocks: Readonly<Record<string, MissedBlockChunks>>;
  /** consensus address (uppercase hex) → the consensus pubkey (neutral type URL, base64 key) */
  readonly pubkeys: Readonly<Record<string, { readonly type_url: string; readonly key: string }>>;
}

export const MISSED_CHUNK = 256;

export function emptySlashingState(): SlashingState {
  return { params: DEFAULT_SLASHING_PARAMS, signing_infos: {}, missed_blocks: {}, pubkeys: {} };
}

export type HasSlashing = { readonly slashing: SlashingState };

export function consBech32(consHex: string): string {
  return consAddress(hexToBytes(consHex.toLowerCase()));
}

export function getSigningInfo(state: HasSlashing, consHex: string): SigningInfoRecord | undefined {
  return state.slashing.signing_infos[consHex.toUpperCase()];
}

/** The stored bit at `index`: true, false, or undefined when never written. */
export function missedBlockEntry(state: HasSlashing, consHex: string, index: bigint): boolean | undefined {
  const chunk = state.slashing.missed_blocks[consHex.toUpperCase()]?.[String(index / BigInt(MISSED_CHUNK))];
  const c = chunk?.[Number(index % BigInt(MISSED_CHUNK))];
  return c === '1' ? true : c === '0' ? false : undefined;
}

/** Writes one bit into a validator's chunks (a new chunks object; the caller stores it). */
export function withMissedBlock(chunks: MissedBlockChunks | undefined, index: bigint, missed: boolean): MissedBlockChunks {
  const n = String(index / BigInt(MISSED_CHUNK));
  const at = Number(index % BigInt(MISSED_CHUNK));
  const old = chunks?.[n] ?? '.'.repeat(MISSED_CHUNK);
  return { ...(chunks ?? {}), [n]: old.slice(0, at) + (missed ? '1' : '0') + old.slice(at + 1) };
}

/** Every stored entry of a validator's bit array in index order (`GetValidatorMissedBlocks`, within the window). */
export function missedBlockEntries(state: HasSlashing, consHex: string): { index: bigint; missed: boolean }[] {
  const chunks = state.slashing.missed_blocks[consHex.toUpperCase()];
  if (!chunks) return [];
  const window = state.slashing.params.signed_blocks_window;
  const out: { index: bigint; missed: boolean }[] = [];
  for (const n of Object.keys(chunks).map(BigInt).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const text = chunks[String(n)]!;
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '.') continue;
      const index = n * BigInt(MISSED_CHUNK) + BigInt(i);
      if (index < window) out.push({ index, missed: text[i] === '1' });
    }
  }
  return out;
}
