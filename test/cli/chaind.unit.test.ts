/** `main(argv)` in-process: the exit code contract and error printing, with scripted stdin. */
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/chaind.ts';
import { bufferOutput } from '../../src/cli/output.ts';
import { scriptedPrompter } from '../../src/cli/prompt.ts';
import { NEUTRAL, REAL } from '../../src/naming.ts';
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

  it("usage errors in cobra's words (exit 1); help on stdout with exit 0, also for a group without a command", async () => {
    const missing = bufferOutput();
    expect(await main(['keys', 'show'], { out: missing, prompt: scriptedPrompter([]) })).toBe(1);
    expect(missing.err).toBe("Error: requires at least 1 arg(s), only received 0\nRun 'chaind keys show --help' for usage.\n");
    const help = bufferOutput();
    expect(await main(['keys', 'parse', '--help'], { out: help, prompt: scriptedPrompter([]) })).toBe(0);
    expect(help.out).toContain('Usage: chaind keys parse [options] <hex-or-bech32-address>');
    for (const argv of [[], ['keys']]) {
      const group = bufferOutput();
      expect(await main(argv, { out: group, prompt: scriptedPrompter([]) })).toBe(0);
      expect([group.out.startsWith(`Usage: chaind ${argv.length ? 'keys ' : ''}[options] [command]\n`), group.err]).toEqual([true, '']);
    }
  });

  it('parse errors: unknown commands and flags, flag values, required flags, argument counts', async () => {
    const err = async (argv: string[]) => {
      const out = bufferOutput();
      expect(await main(argv, { out, prompt: scriptedPrompter([]) })).toBe(1);
      return out.err;
    };
    expect(await err(['keys', 'lsit'])).toBe(`Error: unknown command "lsit" for "chaind keys"\n\nDid you mean this?\n\tlist\n\nRun 'chaind keys --help' for usage.\n`);
    expect(await err(['keys', 'list', '--bogus=1'])).toBe("Error: unknown flag: --bogus\nRun 'chaind keys list --help' for usage.\n");
    expect(await err(['keys', 'list', '-Z'])).toBe("Error: unknown shorthand flag: 'Z' in -Z\nRun 'chaind keys list --help' for usage.\n");
    expect(await err(['keys', 'list', '-o', 'yaml'])).toBe(`Error: invalid argument "yaml" for "-o, --output" flag: Allowed choices are text, json.\nRun 'chaind keys --help' for usage.\n`);
    expect(await err(['keys', 'list', '--home'])).toBe("Error: flag needs an argument: --home\nRun 'chaind keys --help' for usage.\n");
    expect(await err(['query', 'txs'])).toBe(`Error: required flag(s) "events" not set\nRun 'chaind query txs --help' for usage.\n`);
    expect(await err(['config', 'a', 'b', 'c'])).toBe("Error: accepts between 0 and 2 arg(s), received 3\nRun 'chaind config --help' for usage.\n");
    expect(await err(['keys', 'parse'])).toBe("Error: accepts 1 arg(s), received 0\nRun 'chaind keys parse --help' for usage.\n");
    // a command without arguments is cobra.NoArgs in the SDK and stratos (params, counts, unjail): the first one is an unknown command
    expect(await err(['query', 'sds', 'params', 'extra', 'more'])).toBe(`Error: unknown command "extra" for "chaind query sds params"\nRun 'chaind query sds params --help' for usage.\n`);
  });

  it("missing required flags: cobra names every one, in flag-name order; --from is required where stratos' module CLI marks it", async () => {
    const err = async (argv: string[]) => {
      const out = bufferOutput();
      expect(await main(argv, { out, prompt: scriptedPrompter([]) })).toBe(1);
      return out.err;
    };
    const usage = (path: string) => `Run 'chaind ${path} --help' for usage.\n`;
    expect(await err(['tx', 'register', 'create-resource-node'])).toBe(`Error: required flag(s) "amount", "from", "moniker", "network-address", "node-type", "pubkey" not set\n${usage('tx register create-resource-node')}`);
    expect(await err(['tx', 'register', 'create-meta-node', '--moniker', 'm', '--amount', '1stos'])).toBe(`Error: required flag(s) "from", "network-address", "pubkey" not set\n${usage('tx register create-meta-node')}`);
    expect(await err(['tx', 'register', 'remove-resource-node', '--network-address', 'stsds1x'])).toBe(`Error: required flag(s) "from" not set\n${usage('tx register remove-resource-node')}`);
    expect(await err(['tx', 'register', 'kick-meta-node-vote', '--opinion'])).toBe(`Error: required flag(s) "from", "target-network-address", "voter-network-address" not set\n${usage('tx register kick-meta-node-vote')}`);
    expect(await err(['tx', 'sds', 'upload', '--file-hash', 'h'])).toBe(`Error: required flag(s) "from", "reporter", "uploader" not set\n${usage('tx sds upload')}`);
    expect(await err(['tx', 'pot', 'withdraw'])).toBe(`Error: required flag(s) "amount", "from" not set\n${usage('tx pot withdraw')}`);
    expect(await err(['tx', 'pot', 'foundation-deposit', '--amount', '1stos'])).toBe(`Error: required flag(s) "from" not set\n${usage('tx pot foundation-deposit')}`);
  });

  it('an unknown command word with flags before it is an unknown command, wherever the flags are; the other profile\'s group names this home\'s', async () => {
    const home = await tempHome();
    const run = async (argv: string[], naming = NEUTRAL) => {
      const out = bufferOutput();
      const code = await main(argv, { out, prompt: scriptedPrompter([]), naming });
      return { code, out: out.out, err: out.err };
    };
    const usage = "Run 'chaind --help' for usage.\n";
    const realHint = `\n\nThis home's client.toml records naming = "real": its consensus-engine commands are "chaind tendermint …".\n`;
    const neutralHint = `\n\nThis home's client.toml records no naming (the neutral profile): its consensus-engine commands are "chaind consensus …".\n`;
    for (const argv of [['--home', home, 'consensus', 'show-validator'], ['consensus', 'show-validator', '--home', home]]) {
      expect(await run(argv, REAL), argv.join(' ')).toEqual({ code: 1, out: '', err: `Error: unknown command "consensus" for "chaind"${realHint}\n${usage}` });
    }
    expect(await run(['--home', home, 'tendermint', 'show-node-id'])).toEqual({ code: 1, out: '', err: `Error: unknown command "tendermint" for "chaind"${neutralHint}\n${usage}` });
    expect(await run(['--home', home, 'nosuch'])).toEqual({ code: 1, out: '', err: `Error: unknown command "nosuch" for "chaind"\n${usage}` });
    expect(await run(['--home', home, 'query', 'nosuch'])).toEqual({ code: 1, out: '', err: `Error: unknown command "nosuch" for "chaind query"\nRun 'chaind query --help' for usage.\n` });
    expect(await run(['--home', home, 'query', 'nosuch'])).toEqual(await run(['query', 'nosuch', '--home', home]));
    // cobra's root persistent flags reach `version` too
    for (const argv of [['version', '--home', home], ['--home', home, 'version'], ['version', '--log_level', 'info']]) {
      const r = await run(argv);
      expect([r.code, r.err], argv.join(' ')).toEqual([0, '']);
      expect(r.out).toMatch(/^\S+\n$/);
    }
  });
});
