/**
 * `chaind tx …`: transaction commands (spec §4.3). Each command carries the common tx flags
 * (`flags.ts`) and goes through the framework (`framework.ts`); module groups add theirs here.
 * Each entry's module is imported only when argv selects it (src/cli/lazy.ts).
 */
import type { LazyBranch } from '../lazy.ts';

export const TX: LazyBranch = {
  name: 'tx',
  summary: 'Transactions subcommands',
  description: 'Transactions subcommands',
  children: [
    { name: 'bank', summary: 'Bank transaction subcommands', load: async () => (await import('./bank-send.ts')).bankTxCommand },
    { name: 'register', summary: 'register transactions subcommands', load: async () => (await import('./register/index.ts')).registerTxCommand },
    { name: 'sds', summary: 'sds transactions subcommands', load: async () => (await import('./sds/index.ts')).sdsTxCommand },
    { name: 'pot', summary: 'pot transactions subcommands', load: async () => (await import('./pot/index.ts')).potTxCommand },
    { name: 'staking', summary: 'Staking transaction subcommands', load: async () => (await import('./staking/index.ts')).stakingTxCommand },
    { name: 'distribution', summary: 'Distribution transactions subcommands', load: async () => (await import('./distribution/index.ts')).distributionTxCommand },
    { name: 'slashing', summary: 'Slashing transaction subcommands', load: async () => (await import('./slashing/index.ts')).slashingTxCommand },
    { name: 'gov', summary: 'Governance transactions subcommands', load: async () => (await import('./gov/index.ts')).govTxCommand },
    { name: 'sign', term: 'sign [options] <file>', summary: 'Sign a transaction generated offline', load: async () => (await import('./sign.ts')).signCommand },
    {
      name: 'sign-batch',
      term: 'sign-batch [options] <files...>',
      summary: 'Sign transaction batch files',
      load: async () => (await import('./sign-batch.ts')).signBatchCommand,
    },
    {
      name: 'validate-signatures',
      term: 'validate-signatures [options] <file>',
      summary: 'validate transactions signatures',
      load: async () => (await import('./validate-signatures.ts')).validateSignaturesCommand,
    },
    {
      name: 'broadcast',
      term: 'broadcast [options] <file_path>',
      summary: 'Broadcast transactions generated offline',
      load: async () => (await import('./broadcast.ts')).broadcastCommand,
    },
    {
      name: 'aux-to-fee',
      term: 'aux-to-fee [options] <aux_signed_tx.json>',
      summary: 'Includes the aux signer data in the tx, broadcast the tx, and sends the tip amount to the broadcaster',
      load: async () => (await import('./aux-to-fee.ts')).auxToFeeCommand,
    },
    { name: 'encode', term: 'encode [options] <file>', summary: 'Encode transactions generated offline', load: async () => (await import('./encode.ts')).encodeCommand },
    {
      name: 'decode',
      term: 'decode [options] <protobuf-byte-string>',
      summary: 'Decode a binary encoded transaction string',
      load: async () => (await import('./decode.ts')).decodeCommand,
    },
  ],
};
