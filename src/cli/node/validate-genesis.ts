/**
 * `chaind genesis validate-genesis [file]` (also top-level `validate-genesis`): checks a genesis file
 * as CometBFT reads it and as the App's InitChain would apply it (every module's genesis, e.g. pot's
 * supply against `initial_total_supply`), in memory (src/node/genesis-check.ts, which `chaind
 * start` runs too).
 */
import { Command } from 'commander';
import { genesisDocOf, genesisValidatorsOf, readGenesisJson } from '../../node/genesis-file.ts';
import { checkGenesisState } from '../../node/genesis-check.ts';
import { homeLayout, readConsensusConfig } from '../../node/home.ts';
import type { CliContext } from '../context.ts';
import { homeOf, withGlobalFlags, withHome } from './node-flags.ts';

/** SDK v0.47 `validateGenDoc`'s words after a genesis document CometBFT cannot read. */
const MIGRATION_ADVICE =
  '. Make sure that you have correctly migrated all CometBFT consensus params, please see the chain migration guide at https://github.com/cosmos/cosmos-sdk/blob/main/UPGRADING.md for more info';

export function validateGenesisCommand(ctx: CliContext): Command {
  const cmd = new Command('validate-genesis')
    .description('validates the genesis file at the default location or at the location passed as an arg')
    .argument('[file]', 'genesis file (default: the home\'s config/genesis.json)');
  withHome(cmd);
  withGlobalFlags(cmd);
  return cmd.action((file: string | undefined, _opts: unknown, command: Command) => {
    const home = homeOf(command);
    const path = file ?? homeLayout(home, readConsensusConfig(home)).genesisFile;
    let doc;
    try {
      const json = readGenesisJson(path);
      doc = genesisDocOf(json, path);
      genesisValidatorsOf(json, path);
    } catch (e) {
      // validateGenDoc: what GenesisDocFromFile refuses, with the SDK's advice
      throw new Error(`${(e as Error).message}${MIGRATION_ADVICE}`);
    }
    checkGenesisState(doc, path);
    ctx.out.stdout(`File at ${path} is a valid genesis file\n`);
  });
}
