/**
 * `chaind genesis validate-genesis [file]`: checks a genesis file as CometBFT reads it and as the
 * App's InitChain would apply it (every module's genesis, supply against balances), in memory.
 */
import { Command } from 'commander';
import { App } from '../../abci/app.ts';
import { appModules } from '../../abci/modules.ts';
import { genesisDocOf, genesisValidatorsOf, readGenesisJson } from '../../node/genesis-file.ts';
import { homeLayout, readConsensusConfig } from '../../node/home.ts';
import type { CliContext } from '../context.ts';
import { homeOf, withGlobalFlags, withHome } from './node-flags.ts';

export function validateGenesisCommand(ctx: CliContext): Command {
  const cmd = new Command('validate-genesis')
    .description('validates the genesis file at the default location or at the location passed as an arg')
    .argument('[file]', 'genesis file (default: the home\'s config/genesis.json)');
  withHome(cmd);
  withGlobalFlags(cmd);
  return cmd.action((file: string | undefined, _opts: unknown, command: Command) => {
    const home = homeOf(command);
    const path = file ?? homeLayout(home, readConsensusConfig(home)).genesisFile;
    const json = readGenesisJson(path);
    const doc = genesisDocOf(json, path);
    genesisValidatorsOf(json, path);
    try {
      new App({ ...appModules }).initChain(doc);
    } catch (e) {
      throw new Error(`error validating genesis file ${path}: ${(e as Error).message}`);
    }
    ctx.out.stdout(`File at ${path} is a valid genesis file\n`);
  });
}
