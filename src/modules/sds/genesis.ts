/**
 * Sds genesis in its proto-JSON shape (`app_state.sds`, reference/chain-semantics.md §2.8):
 * `{params, files: [{file_hash, file_info: {height, reporters (base64), uploader}}]}`; the default
 * has params only (`files` null). Validation names the bad field and the sentinel's text.
 */
import type { Draft } from 'immer';
import type { AppState } from '../../state/app-state.ts';
import { shardEntries } from '../../state/sharded.ts';
import { SdsErrors } from './errors.ts';
import { DEFAULT_SDS_PARAMS, validateSdsParams } from './params.ts';
import { emptySdsState, fileHashOfKey, setFileInfo, type SdsState } from './state.ts';

const W = 'app_state.sds';

export interface JsonFileInfo {
  height: string;
  reporters: string;
  uploader: string;
}

export interface SdsGenesis {
  params: { bond_denom: string };
  files: { file_hash: string; file_info: JsonFileInfo }[] | null;
}

export function defaultSdsGenesis(): SdsGenesis {
  return { params: { bond_denom: DEFAULT_SDS_PARAMS.bond_denom }, files: null };
}

export function validateSdsGenesis(g: SdsGenesis): void {
  try {
    validateSdsParams({ bond_denom: g.params?.bond_denom ?? '' });
  } catch (e) {
    throw new Error(`${W}.params.bond_denom: ${(e as Error).message}`);
  }
  (g.files ?? []).forEach((f, i) => {
    const where = `${W}.files[${i}]`;
    if (!f.file_hash) throw new Error(`${where}.file_hash: ${SdsErrors.EmptyFileHash.text}`);
    const h = f.file_info?.height;
    if (typeof h !== 'string' || !/^-?\d+$/.test(h)) throw new Error(`${where}.file_info.height: expected an integer string, got ${JSON.stringify(h)}`);
    if (BigInt(h) < 0n) throw new Error(`${where}.file_info.height: ${SdsErrors.InvalidHeight.text}`);
    if (!f.file_info.reporters) throw new Error(`${where}.file_info.reporters: ${SdsErrors.EmptyReporters.text}`);
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(f.file_info.reporters)) throw new Error(`${where}.file_info.reporters: expected base64, got ${JSON.stringify(f.file_info.reporters)}`);
    if (!f.file_info.uploader) throw new Error(`${where}.file_info.uploader: ${SdsErrors.EmptyUploaderAddr.text}`);
  });
}

export function initSdsGenesis(draft: Draft<AppState>, g: SdsGenesis): void {
  validateSdsGenesis(g);
  (draft as { sds: SdsState }).sds = { ...emptySdsState(), params: { bond_denom: g.params.bond_denom } };
  for (const f of g.files ?? []) {
    setFileInfo(draft, f.file_hash, {
      height: BigInt(f.file_info.height),
      reporters: Buffer.from(f.file_info.reporters, 'base64').toString('hex'),
      uploader: f.file_info.uploader,
    });
  }
}

export function exportSdsGenesis(state: AppState): SdsGenesis {
  // by the file hash's bytes, as the chain's store iterates (the keys lead with a digest: src/modules/sds/state.ts)
  const entries = [...shardEntries(state.sds.files)].sort(([a], [b]) => (a.slice(8) < b.slice(8) ? -1 : a.slice(8) > b.slice(8) ? 1 : 0));
  const files = entries.map(([k, f]) => ({
    file_hash: fileHashOfKey(k),
    file_info: { height: f.height.toString(), reporters: Buffer.from(f.reporters, 'hex').toString('base64'), uploader: f.uploader },
  }));
  return { params: { bond_denom: state.sds.params.bond_denom }, files: files.length === 0 ? null : files };
}
