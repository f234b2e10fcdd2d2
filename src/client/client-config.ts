/**
 * `<home>/config/client.toml`, the client defaults `chaind config` writes (SDK v0.47
 * client/config): `chain-id`, `keyring-backend`, `output`, `node`, `broadcast-mode`, and this
 * product's `naming` (written only for a non-neutral profile). A value given
 * as a flag wins over the file; a missing file means the built-in defaults.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';

export interface ClientConfig {
  readonly chainId?: string;
  readonly keyringBackend?: string;
  readonly output?: string;
  readonly node?: string;
  readonly broadcastMode?: string;
  /** the naming profile of the chain this home's client commands talk to (`real`; unset: neutral), docs/node.md "Naming profile" */
  readonly naming?: string;
}

export function clientConfigPath(home: string): string {
  return join(home, 'config', 'client.toml');
}

/** Reads client.toml under `home`; empty strings count as unset. */
export function readClientConfig(home: string): ClientConfig {
  const path = clientConfigPath(home);
  if (!existsSync(path)) return {};
  let doc: Record<string, unknown>;
  try {
    doc = parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`couldn't read client config ${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const text = (key: string): string | undefined => {
    const v = doc[key];
    return typeof v === 'string' && v !== '' ? v : undefined;
  };
  return {
    chainId: text('chain-id'),
    keyringBackend: text('keyring-backend'),
    output: text('output'),
    node: text('node'),
    broadcastMode: text('broadcast-mode'),
    naming: text('naming'),
  };
}


/**
 * The output format a command prints in (SDK v0.47: `ReadFromClientConfig` sets client.toml's
 * `output`, and `ReadPersistentCommandFlags` replaces it only with an `--output` given on the
 * command line; `printOutput` writes YAML for `text` and JSON for any other value). `flag` is the
 * flag's value when given, `home` the command's home; without either, `fallback`.
 */
export function outputFormatOf(flag: 'text' | 'json' | undefined, home: string, fallback: 'text' | 'json'): 'text' | 'json' {
  if (flag !== undefined) return flag;
  const configured = readClientConfig(home).output;
  return configured === undefined ? fallback : configured === 'text' ? 'text' : 'json';
}
