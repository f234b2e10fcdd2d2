/**
 * `nodeclient init` and `nodeclient meta init` in process: a refused command writes nothing (no
 * wallet file whose mnemonic was never shown), and a deposit that does not parse is refused at
 * init, or at start naming the config key, before the node does anything.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/nodeclient.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'nodeclient-init-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { out: { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) }, stopSignal: new Promise(() => undefined) });
  return { code, stdout, stderr };
}

const written = (home: string) => (existsSync(home) ? readdirSync(home, { recursive: true }).map(String).sort() : []);

describe('nodeclient init: a refused init writes nothing', () => {
  it.each([
    [['--rpc-port', '99999'], 'Error: invalid --rpc-port "99999": expected a port number 0..65535\n'],
    [['--peer-port', 'x'], 'Error: invalid --peer-port "x": expected a port number 0..65535\n'],
    [['--deposit', 'abc'], 'Error: invalid --deposit "abc": invalid decimal coin expression: abc\n'],
    [['--node-type', '9'], 'Error: invalid --node-type "9": expected 1..7\n'],
  ])('%j', async (flags, stderr) => {
    const home = join(dir, 'x3');
    expect(await run(['init', '-r', home, ...flags])).toEqual({ code: 1, stdout: '', stderr });
    expect(written(home)).toEqual([]);
    // a retry with good flags makes exactly one wallet: the one whose mnemonic it prints
    const ok = await run(['init', '-r', home, '--rpc-port', '41305']);
    expect(ok.code).toBe(0);
    const w = JSON.parse(ok.stdout) as { wallet_address: string; p2p_address: string };
    expect(readdirSync(join(home, 'accounts')).sort()).toEqual([`${w.wallet_address}.json`, `${w.p2p_address}.json`].sort());
  });

  it('a deposit that parses is written to [registration] deposit', async () => {
    const home = join(dir, 'ok');
    expect((await run(['init', '-r', home, '--deposit', '2.5stos'])).code).toBe(0);
    expect(readFileSync(join(home, 'config', 'config.toml'), 'utf8')).toContain('deposit = "2.5stos"');
  });
});

describe('nodeclient start: a deposit in the config that does not parse', () => {
  it('is refused naming the config key, before anything starts', async () => {
    const home = join(dir, 'x2');
    expect((await run(['init', '-r', home])).code).toBe(0);
    const file = join(home, 'config', 'config.toml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('deposit = "1stos"', 'deposit = "abc"'));
    expect(await run(['start', '-r', home, '--chain-rpc', 'tcp://127.0.0.1:1', '--meta-url', 'http://127.0.0.1:1'])).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error: config ${file}: invalid [registration] deposit "abc": invalid decimal coin expression: abc\n`,
    });
  });
});

describe('nodeclient meta init: a refused init writes nothing', () => {
  it.each([
    [['--replicas', 'x'], 'Error: invalid --replicas "x": expected an integer ≥ 1\n'],
    [['--replicas', '0'], 'Error: invalid --replicas "0": expected an integer ≥ 1\n'],
    [['--epoch-seconds', 'ten'], 'Error: invalid --epoch-seconds "ten": expected an integer ≥ 1\n'],
    [['--epoch-blocks', '-2'], 'Error: invalid --epoch-blocks "-2": expected an integer ≥ 0\n'],
    [['--meta-nodes', '0'], 'Error: invalid --meta-nodes "0": expected an integer ≥ 1\n'],
  ])('%j', async (flags, stderr) => {
    const home = join(dir, 'm2');
    expect(await run(['meta', 'init', '-r', home, ...flags])).toEqual({ code: 1, stdout: '', stderr });
    expect(written(home)).toEqual([]);
  });
});
