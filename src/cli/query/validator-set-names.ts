/**
 * The names of the consensus validator-set query, per naming profile: the spec's
 * `consensus-validator-set` under neutral; under real, SDK v0.47's `client/rpc.ValidatorCommand`
 * (`comet-validator-set`, aliases `cometbft-validator-set` and `tendermint-validator-set`), which
 * stratos-chain's CLI mounts as it is. Its own module: the lazy query table reads it without
 * importing the command.
 */
import type { NamingProfile } from '../../naming.ts';

export interface CommandNames {
  readonly name: string;
  readonly aliases: readonly string[];
}

export function validatorSetNames(naming: NamingProfile): CommandNames {
  return naming.name === 'real'
    ? { name: 'comet-validator-set', aliases: ['cometbft-validator-set', 'tendermint-validator-set'] }
    : { name: 'consensus-validator-set', aliases: ['tendermint-validator-set', 'comet-validator-set'] };
}

/** The one-line description of the consensus-engine group (`chaind consensus`; ethermint's `tendermint` group under real). */
export function consensusGroupSummary(naming: NamingProfile): string {
  return naming.name === 'real' ? 'Tendermint subcommands' : 'Consensus engine subcommands';
}
