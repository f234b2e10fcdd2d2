/**
 * `chaind query …` (alias `q`): the queries of spec §4.4 with `--node`, `--height` (state
 * queries) and `-o text|json` (default text = YAML); module groups add theirs here. Each entry's
 * module is imported only when argv selects it (src/cli/lazy.ts).
 */
import type { LazyBranch } from '../lazy.ts';

export const QUERY: LazyBranch = {
  name: 'query',
  aliases: ['q'],
  summary: 'Querying subcommands',
  description: 'Querying subcommands',
  children: [
    { name: 'account', term: 'account [options] <address>', summary: 'Query for account by address', load: async () => (await import('./account.ts')).accountQueryCommand },
    { name: 'auth', summary: 'Querying commands for the auth module', load: async () => (await import('./auth.ts')).authQueryCommand },
    { name: 'bank', summary: 'Querying commands for the bank module', load: async () => (await import('./bank.ts')).bankQueryCommand },
    {
      name: 'block',
      term: 'block [options] [height]',
      summary: 'Get verified data for the block at given height (the latest without a height)',
      load: async () => (await import('./block.ts')).blockQueryCommand,
    },
    { name: 'register', summary: 'Querying commands for the register module', load: async () => (await import('./register/index.ts')).registerQueryCommand },
    { name: 'pot', summary: 'Querying commands for the pot module', load: async () => (await import('./pot/index.ts')).potQueryCommand },
    { name: 'sds', summary: 'Querying commands for the sds module', load: async () => (await import('./sds/index.ts')).sdsQueryCommand },
    { name: 'staking', summary: 'Querying commands for the staking module', load: async () => (await import('./staking/index.ts')).stakingQueryCommand },
    { name: 'distribution', summary: 'Querying commands for the distribution module', load: async () => (await import('./distribution/index.ts')).distributionQueryCommand },
    { name: 'mint', summary: 'Querying commands for the minting module', load: async () => (await import('./mint/index.ts')).mintQueryCommand },
    { name: 'slashing', summary: 'Querying commands for the slashing module', load: async () => (await import('./slashing/index.ts')).slashingQueryCommand },
    { name: 'evidence', term: 'evidence [options] [evidence-hash]', summary: 'Query for evidence by hash or for all (paginated) submitted evidence', load: async () => (await import('./evidence/index.ts')).evidenceQueryCommand },
    { name: 'gov', summary: 'Querying commands for the governance module', load: async () => (await import('./gov/index.ts')).govQueryCommand },
    {
      name: 'txs',
      term: 'txs [options]',
      summary: 'Query for paginated transactions that match a set of events',
      load: async () => (await import('./txs.ts')).txsQueryCommand,
    },
    {
      name: 'tx',
      term: 'tx [options] <hash|acc_seq|signatures>',
      summary: 'Query for a transaction by hash, "<addr>/<seq>" combination or comma-separated signatures in a committed block',
      load: async () => (await import('./tx.ts')).txQueryCommand,
    },
    {
      name: 'consensus-validator-set',
      aliases: ['tendermint-validator-set', 'comet-validator-set'],
      term: 'consensus-validator-set [options] [height]',
      summary: 'Get the full consensus validator set at given height (the latest without a height)',
      load: async () => (await import('./validator-set.ts')).validatorSetQueryCommand,
    },
  ],
};
