/** `main(argv)` in-process: the exit code contract and error printing, with scripted stdin. */
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/chaind.ts';
import { bufferOutput } from '../../src/cli/output.ts';
import { scriptedPrompter } from '../../src/cli/prompt.ts';
import { ABANDON, ABANDON_MNEMONIC } from '../crypto/vectors.ts';
import { tempHome } from './run-chaind.ts';

describe('main', () => {
  it('returns 0 and prints to the given output', async () => {
    const out = bufferOutput();
    const home = await tempHome();
    const code = await main(['keys', 'add', 'alice', '--recover', '--keyring-backend', 'test', '--home', home, '-o', 'json'], {
      out,
      prompt: scriptedPrompter([ABANDON_MNEMONIC]),
    });
    expect(code).toBe(0);
    expect(JSON.parse(out.out).address).toBe(ABANDON.index0.address);
  });

  it('returns 1 and prints "Error: <message>" for a failed command', async () => {
    const out = bufferOutput();
    const code = await main(['keys', 'show', 'nobody', '--keyring-backend', 'memory'], { out, prompt: scriptedPrompter([]) });
    expect(code).toBe(1);
    expect(out.out).toBe('');
    expect(out.err).toBe('Error: nobody is not a valid name or address: nobody.info: key not found\n');
  });

  it("returns commander's exit codes for usage errors and help", async () => {
    const missing = bufferOutput();
    expect(await main(['keys', 'show'], { out: missing, prompt: scriptedPrompter([]) })).toBe(1);
    expect(missing.err).toBe("error: missing required argument 'name_or_address'\n");
    const help = bufferOutput();
    expect(await main(['keys', 'parse', '--help'], { out: help, prompt: scriptedPrompter([]) })).toBe(0);
    expect(help.out).toContain('Usage: chaind keys parse [options] <hex-or-bech32-address>');
  });
});
