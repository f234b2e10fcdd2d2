/** Runs `node bin/chaind …` as a real process with piped stdin (test helper). */
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('../..', import.meta.url).pathname;

export interface ChaindResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export function runChaind(args: readonly string[], stdin = '', env: Record<string, string> = {}): Promise<ChaindResult> {
  return runBin('chaind', startArgs(args), stdin, env);
}

/**
 * `chaind start` arguments for a test: the Ethereum JSON-RPC off unless the test sets a `--json-rpc.*`
 * flag, since its default ports (8545/8546) would collide between nodes started in parallel.
 */
export function startArgs(args: readonly string[]): readonly string[] {
  if (args[0] !== 'start' || args.some((a) => a.startsWith('--json-rpc.'))) return args;
  return [...args, '--json-rpc.enable=false'];
}

/** Runs `node bin/<name> …` (chaind, sdsim, …) of the checkout as a real process, in `cwd` (the checkout by default). */
export function runBin(name: string, args: readonly string[], stdin = '', env: Record<string, string> = {}, cwd = ROOT): Promise<ChaindResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin', name), ...args], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

export function tempHome(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'chaind-home-'));
}
