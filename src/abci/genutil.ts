/**
 * Genesis transactions (SDK `x/genutil`): `app_state.genutil.gen_txs` holds signed txs in
 * proto-JSON (what `chaind genesis gentx` writes and `collect-gentxs` gathers). InitChain delivers
 * them after every module's InitGenesis, at height 0 (signatures with account number 0, as the ante
 * handler checks at genesis); a failing one stops InitChain, as the SDK panics.
 */
import { parseProtoJson } from '../codec/proto-json.ts';
import type { Codec } from '../codec/registry.ts';

export interface GenutilGenesis {
  readonly gen_txs: readonly unknown[];
}

/** The gen_txs of a genesis app_state (none when the section is absent). */
export function genTxsOf(appState: Readonly<Record<string, unknown>>): readonly unknown[] {
  const section = appState['genutil'] as Partial<GenutilGenesis> | undefined;
  if (section === undefined || section === null) return [];
  if (typeof section !== 'object' || (section.gen_txs !== undefined && !Array.isArray(section.gen_txs))) {
    throw new Error('genesis.app_state.genutil.gen_txs: expected an array of txs');
  }
  return section.gen_txs ?? [];
}

/** A gentx's bytes (TxRaw of its body and auth info re-encoded, as the SDK's tx encoder does). */
export function genTxBytes(codec: Codec, json: unknown, index: number): Uint8Array {
  let tx: { body?: Record<string, unknown>; auth_info?: Record<string, unknown>; signatures?: Uint8Array[] };
  try {
    tx = parseProtoJson('sdk.tx.v1beta1.Tx', json, { codec }) as typeof tx;
  } catch (e) {
    throw new Error(`genesis.app_state.genutil.gen_txs[${index}]: ${(e as Error).message}`);
  }
  return codec.encode('sdk.tx.v1beta1.TxRaw', {
    body_bytes: codec.encode('sdk.tx.v1beta1.TxBody', tx.body ?? {}),
    auth_info_bytes: codec.encode('sdk.tx.v1beta1.AuthInfo', tx.auth_info ?? {}),
    signatures: tx.signatures ?? [],
  });
}
