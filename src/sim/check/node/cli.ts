/**
 * The options of `sdsim check --node URL …` (docs/check.md "Against a running node") to
 * `runNodeCheck`'s: the funder's key from a keyring (`--from` with `--home` / `--keyring-dir` and
 * `--keyring-backend`, as `chaind tx` reads it), amounts and prices as coins. Every problem is
 * thrown as an Error whose message names the option.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseCoinNormalized } from '../../../math/coin-parse.ts';
import { openKeyring } from '../../../crypto/keyring/open.ts';
import { fromBech32 } from '../../../crypto/bech32.ts';
import type { NodeCheckOptions } from './differential.ts';

export interface NodeCheckFlags {
  readonly node: string;
  readonly runs: number;
  readonly seed: number;
  readonly from?: string;
  readonly home?: string;
  readonly keyringDir?: string;
  readonly keyringBackend: string;
  readonly fund: string;
  readonly parallel: number;
  readonly gasPrices: string;
  readonly minGasPrices: string;
  readonly appHash: boolean;
  readonly bls: string;
  readonly commitTimeout: number;
}

function weiOf(flag: string, text: string): bigint {
  let coin;
  try {
    coin = parseCoinNormalized(text);
  } catch (e) {
    throw new Error(`${flag} ${JSON.stringify(text)}: ${(e as Error).message} (expected an amount such as 100stos, 1gwei or 1000000000wei)`);
  }
  if (coin.denom !== 'wei') throw new Error(`${flag} ${JSON.stringify(text)}: expected an amount in wei (or gwei/stos, which convert to it)`);
  return coin.amount;
}

export async function nodeCheckOptions(f: NodeCheckFlags): Promise<Omit<NodeCheckOptions, 'onRun'>> {
  if (!f.from) throw new Error('sdsim check --node: --from <key name> is required: a funded account of that chain funds the generated runs (with --home or --keyring-dir, --keyring-backend)');
  if (f.bls !== 'full' && f.bls !== 'trusted') throw new Error(`--bls ${JSON.stringify(f.bls)}: expected full or trusted`);
  const amounts = { fund: weiOf('--fund', f.fund), gasPrice: weiOf('--gas-prices', f.gasPrices), minGasPrice: weiOf('--min-gas-prices', f.minGasPrices) };
  if (amounts.fund === 0n) throw new Error('--fund: each generated user needs some wei to pay its fees');
  const dir = f.keyringDir ?? f.home ?? join(homedir(), '.chaind');
  let funder;
  try {
    const ring = openKeyring({ backend: f.keyringBackend, dir });
    const name = /^st1[02-9ac-hj-np-z]+$/.test(f.from) ? (await ring.keyByAddress(fromBech32(f.from, 'st').bytes)).name : f.from;
    funder = await ring.exportPrivKey(name);
  } catch (e) {
    throw new Error(`--from ${JSON.stringify(f.from)}: ${(e as Error).message} (keyring-backend ${f.keyringBackend} in ${dir})`);
  }
  return { node: f.node, runs: f.runs, seed: f.seed, funder, ...amounts, parallel: f.parallel, appHashes: f.appHash, bls: f.bls, commitTimeoutMs: f.commitTimeout * 1000 };
}
