/**
 * `chaind init <moniker>`: initialise a node home (src/node/init.ts). Prints the SDK's summary
 * `{"app_message","chain_id","gentxs_dir","moniker","node_id"}` (sorted, compact) on stderr, as
 * `displayInfo` does.
 */
import { Command } from 'commander';
import { initHome } from '../../node/init.ts';
import { profileNamed } from '../../naming.ts';
import { homeLayout, readConsensusConfig } from '../../node/home.ts';
import { refuseIfLocked } from '../../node/home-lock.ts';
import { sortedJson } from '../../node/sorted-json.ts';
import type { CliContext } from '../context.ts';
import { homeOf, withGlobalFlags, withHome } from './node-flags.ts';

interface InitFlags {
  overwrite?: boolean;
  recover?: boolean;
  chainId?: string;
  defaultDenom: string;
  initialHeight: string;
  naming: string;
}

export function initCommand(ctx: CliContext): Command {
  const cmd = new Command('init')
    .summary('Initialize private validator, p2p, genesis, and application configuration files')
    .description("Initialize private validator, p2p, genesis, and application configuration files\n\nInitialize validators's and node's configuration files.")
    .argument('<moniker>', "the node's name")
    .option('-o, --overwrite', 'overwrite the genesis.json file')
    .option('--recover', 'provide seed phrase to recover existing key instead of creating')
    .option('--default-denom <denom>', "genesis file default denomination: staking's bond_denom, mint's mint_denom and gov's min_deposit denom (register, sds and pot keep wei)", 'wei')
    .option('--initial-height <height>', 'specify the initial block height at genesis', '1')
    .option('--naming <profile>', 'naming profile of the chain: neutral (/sdk.…, /chain.…) or real (/cosmos.…, /stratos.…), recorded in genesis and client.toml', 'neutral');
  withHome(cmd, "node's home directory");
  withGlobalFlags(cmd, "The chain ID written into genesis.json (default: client.toml's chain-id, else a random test-chain-XXXXXX)");
  // --chain-id is one of the global flags; for init its empty value means "random"
  return cmd.action(async (moniker: string, opts: InitFlags, command: Command) => {
    const chainIdGiven = command.getOptionValueSource('chainId') === 'cli' ? opts.chainId : undefined;
    if (!/^-?\d+$/.test(opts.initialHeight)) throw new Error(`invalid argument ${JSON.stringify(opts.initialHeight)} for "--initial-height" flag: strconv.ParseInt: parsing ${JSON.stringify(opts.initialHeight)}: invalid syntax`);
    const naming = profileNamed(opts.naming, 'invalid argument for "--naming" flag');
    const home = homeOf(command);
    // refused while a node runs on this home (docs/node.md "One node per home")
    refuseIfLocked(homeLayout(home, readConsensusConfig(home)).dbDir);
    let mnemonic: string | undefined;
    if (opts.recover) {
      mnemonic = await ctx.prompt.readLine('Enter your bip39 mnemonic');
      if (mnemonic === undefined) throw new Error('EOF');
    }
    const info = initHome(home, {
      moniker,
      chainId: chainIdGiven,
      overwrite: opts.overwrite,
      mnemonic,
      initialHeight: BigInt(opts.initialHeight),
      defaultDenom: opts.defaultDenom,
      naming,
    });
    ctx.out.stderr(sortedJson(info) + '\n');
  });
}
