/** The `keys` group's persistent flags and the keyring they select. */
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import type { Keyring } from '../../crypto/keyring/keyring.ts';
import { openKeyring } from '../../crypto/keyring/open.ts';
import type { CliContext } from '../context.ts';
import type { OutputFormat } from '../output.ts';
import { outputFormatOf, readClientConfig } from '../../client/client-config.ts';


export interface KeysFlags {
  readonly home: string;
  readonly keyringDir: string;
  readonly keyringBackend: string;
  readonly output: OutputFormat;
  /** `--output` was given on the command line (show -a/-p refuse it) */
  readonly outputGiven: boolean;
}

export function keysFlags(cmd: Command): KeysFlags {
  const opts = cmd.optsWithGlobals<{ home: string; keyringDir?: string; keyringBackend: string; output: OutputFormat }>();
  let outputGiven = false;
  let backendGiven = false;
  for (let c: Command | null = cmd; c; c = c.parent) {
    if (c.getOptionValueSource('output') === 'cli') outputGiven = true;
    if (c.getOptionValueSource('keyringBackend') === 'cli') backendGiven = true;
  }
  return {
    home: opts.home,
    keyringDir: opts.keyringDir || opts.home,
    // as every SDK command: client.toml's keyring-backend unless the flag is given
    keyringBackend: backendGiven ? opts.keyringBackend : (readClientConfig(opts.home).keyringBackend ?? opts.keyringBackend),
    // client.toml's output unless the flag is given
    output: outputFormatOf(outputGiven ? opts.output : undefined, opts.home, opts.output),
    outputGiven,
  };
}

export function openCliKeyring(ctx: CliContext, flags: KeysFlags): Keyring {
  return openKeyring({ backend: flags.keyringBackend, dir: flags.keyringDir, prompt: ctx.prompt });
}

/** Commander parser for uint32 flags (`--account`, `--index`, `--coin-type`). */
export function parseUint32(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 0xffffffff) {
    throw new InvalidArgumentError('expected an unsigned 32-bit integer.');
  }
  return Number(value);
}
