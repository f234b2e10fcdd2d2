/**
 * Small helpers of the tx CLI tests: `chaind` in this process, the CheckTx response the CLI prints
 * for a `sync` broadcast, and a loopback port where nothing listens.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { main } from '../../../src/cli/chaind.ts';
import { bufferOutput } from '../../../src/cli/output.ts';
import { scriptedPrompter } from '../../../src/cli/prompt.ts';

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `main` in this process (same code path as bin/chaind, without the process start-up). */
export async function chaindInProcess(args: readonly string[], answers: readonly string[] = []): Promise<CliResult> {
  const out = bufferOutput();
  const code = await main([...args], { out, prompt: scriptedPrompter(answers, out.stderr) });
  return { code, stdout: out.out, stderr: out.err };
}

/** The TxResponse JSON line of a `-b sync` broadcast (CheckTx only). */
export const syncResponse = (hash: string, code = 0, codespace = '', rawLog = '[]') =>
  `{"height":"0","txhash":"${hash}","codespace":"${codespace}","code":${code},"data":"","raw_log":${JSON.stringify(rawLog)},"logs":[],"info":"","gas_wanted":"0","gas_used":"0","tx":null,"timestamp":"","events":[]}\n`;

