/**
 * `chaind genesis gentx` and `collect-gentxs`: genesis transactions create validators through the
 * staking module, which the simulator does not have yet; its single validator is written into
 * genesis.validators by `chaind init`. Both commands say so and exit 1.
 */
import { Command } from 'commander';
import type { CliContext } from '../context.ts';

const NOT_SUPPORTED =
  'not supported yet: this simulator\'s single validator is defined in genesis.validators by `chaind init` (a one-validator network is: chaind init <moniker>, chaind genesis add-genesis-account <address> <coins>, chaind start)';

function refusing(name: string, description: string): Command {
  return new Command(name)
    .description(`${description} (not supported yet)`)
    .allowUnknownOption(true)
    .allowExcessArguments(true)
    .action(() => {
      throw new Error(`${name}: ${NOT_SUPPORTED}`);
    });
}

export function gentxCommand(_ctx: CliContext): Command {
  return refusing('gentx', 'Generate a genesis tx carrying a self delegation');
}

export function collectGentxsCommand(_ctx: CliContext): Command {
  return refusing('collect-gentxs', 'Collect genesis txs and output a genesis.json file');
}
