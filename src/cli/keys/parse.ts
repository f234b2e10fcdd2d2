/**
 * `keys parse <hex-or-bech32>` (SDK client/keys/parse.go): bech32 input prints its human-readable part
 * and bytes; hex input prints the bytes under the six SDK prefixes st, stpub, stvaloper,
 * stvaloperpub, stvalcons, stvalconspub.
 */
import { Command } from 'commander';
import { Hrp } from '../../crypto/address.ts';
import { Bech32Error, fromBech32, toBech32 } from '../../crypto/bech32.ts';
import type { CliContext } from '../context.ts';
import { printValue } from '../output.ts';
import { keysFlags } from './context.ts';

/** The SDK's `bech32Prefixes(config)`, in its order. */
export const PARSE_PREFIXES: readonly string[] = [
  Hrp.account,
  Hrp.accountPub,
  Hrp.validator,
  Hrp.validatorPub,
  Hrp.consensus,
  Hrp.consensusPub,
];

export function parseCommand(ctx: CliContext): Command {
  return new Command('parse')
    .description('Parse address from hex to bech32 and vice versa')
    .argument('<hex-or-bech32-address>', 'hex bytes or a bech32 string')
    .action(async (input: string, _opts: unknown, cmd: Command) => {
      const { output } = keysFlags(cmd);
      const text = input.trim();
      if (text === '') throw new Error("couldn't parse empty input");

      let bech32Problem: string | undefined;
      try {
        const { hrp, bytes } = fromBech32(text);
        printValue(ctx.out, { human: hrp, bytes: Buffer.from(bytes).toString('hex').toUpperCase() }, output);
        return;
      } catch (err) {
        if (!(err instanceof Bech32Error)) throw err;
        bech32Problem = err.message;
      }
      const hex = text.replace(/^0x/i, '');
      if (hex.length % 2 === 0 && /^[0-9a-fA-F]+$/.test(hex)) {
        const bytes = Buffer.from(hex, 'hex');
        printValue(ctx.out, { formats: PARSE_PREFIXES.map((hrp) => toBech32(hrp, bytes)) }, output);
        return;
      }
      const looksBech32 = /^[a-z]+1[02-9ac-hj-np-z]+$/i.test(text);
      throw new Error(`couldn't find valid bech32 nor hex data in "${text}"${looksBech32 ? `: ${bech32Problem}` : ''}`);
    });
}
