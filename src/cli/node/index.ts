/**
 * The node-operation commands of spec §4.5: init, start, status, version, config, export, the
 * consensus group, the debug tools and the genesis helpers (also top-level, as stchaind has them). Each entry's
 * module is imported only when argv selects it (src/cli/lazy.ts).
 */
import type { LazyLeaf } from '../lazy.ts';

export const NODE_COMMANDS: readonly LazyLeaf[] = [
  {
    name: 'init',
    term: 'init [options] <moniker>',
    summary: 'Initialize private validator, p2p, genesis, and application configuration files',
    load: async () => (await import('./init.ts')).initCommand,
  },
  { name: 'genesis', summary: "Application's genesis-related subcommands", load: async () => (await import('./genesis.ts')).genesisCommand },
  {
    name: 'add-genesis-account',
    term: 'add-genesis-account [options] <address_or_key_name> <coins>',
    summary: 'Add a genesis account to genesis.json',
    load: async () => (await import('./add-genesis-account.ts')).addGenesisAccountCommand,
  },
  {
    name: 'validate-genesis',
    term: 'validate-genesis [options] [file]',
    summary: 'validates the genesis file at the default location or at the location passed as an arg',
    load: async () => (await import('./validate-genesis.ts')).validateGenesisCommand,
  },
  {
    name: 'gentx',
    term: 'gentx [options] <key_name> <amount>',
    summary: 'Generate a genesis tx carrying a self delegation',
    load: async () => (await import('./gentx.ts')).gentxCommand,
  },
  {
    name: 'collect-gentxs',
    term: 'collect-gentxs [options]',
    summary: 'Collect genesis txs and output a genesis.json file',
    load: async () => (await import('./gentx.ts')).collectGentxsCommand,
  },
  { name: 'start', term: 'start [options]', summary: 'Run the full node', load: async () => (await import('./start.ts')).startCommand },
  { name: 'status', term: 'status [options]', summary: 'Query remote node for status', load: async () => (await import('./status.ts')).statusCommand },
  {
    name: 'config',
    term: 'config [options] [key] [value]',
    summary: 'Create or query an application CLI configuration file',
    load: async () => (await import('./config.ts')).configCommand,
  },
  { name: 'export', term: 'export [options]', summary: 'Export state to JSON', load: async () => (await import('./export.ts')).exportCommand },
  { name: 'consensus', summary: 'Consensus engine subcommands', load: async () => (await import('./consensus.ts')).consensusCommand },
  { name: 'debug', term: 'debug [options]', summary: 'Tool for helping with debugging your application', load: async () => (await import('./debug.ts')).debugCommand },
  {
    name: 'version',
    term: 'version [options]',
    summary: 'Print the application binary version information',
    load: async () => (await import('./version.ts')).versionCommand,
  },
];
