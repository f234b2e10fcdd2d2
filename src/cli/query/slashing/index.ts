/**
 * `chaind query slashing params|signing-info|signing-infos` (SDK v0.47 x/slashing client/cli;
 * reference §6.6). `signing-info` takes the validator's consensus public key as proto-JSON
 * (`chaind consensus show-validator` prints it) and prints the ValidatorSigningInfo object;
 * `signing-infos` prints the whole response, `params` the Params object.
 */
import { Command } from 'commander';
import { createCodec } from '../../../codec/registry.ts';
import type { CliContext } from '../../context.ts';
import { CONSENSUS_KEY_TYPE, consensusPubKeyArg } from '../../tx/staking/args.ts';
import { typeUrl } from '../../../naming.ts';
import { addPaginationFlags, addQueryFlags, readPageRequest } from '../context.ts';
import { runSdkQuery, SLASHING } from '../staking/run.ts';

export function slashingQueryCommand(ctx: CliContext): Command {
  const cmd = new Command('slashing').description('Querying commands for the slashing module');
  cmd.addCommand(
    addQueryFlags(
      new Command('signing-info').description("Query a validator's signing information").argument('<validator-conspub>', `the consensus public key, e.g. {"@type":"${typeUrl(ctx.naming, CONSENSUS_KEY_TYPE)}","key":"…"}`),
    ).action((pubkey: string, _o: unknown, self: Command) => {
      const consAddress = consensusPubKeyArg(pubkey, createCodec(ctx.naming)).consAddress;
      if (consAddress === undefined) throw new Error(`${pubkey}: a multisig key has no consensus address; give a validator's consensus public key`);
      return runSdkQuery(ctx, self, {
        pkg: SLASHING,
        method: 'SigningInfo',
        request: { cons_address: consAddress },
        pick: { typeName: `${SLASHING}.ValidatorSigningInfo`, of: (r) => r.val_signing_info },
      });
    }),
  );
  cmd.addCommand(
    addPaginationFlags(addQueryFlags(new Command('signing-infos').description('Query signing information of all validators')), 'signing infos').action((_o: unknown, self: Command) =>
      runSdkQuery(ctx, self, { pkg: SLASHING, method: 'SigningInfos', request: { pagination: readPageRequest(self) } }),
    ),
  );
  cmd.addCommand(
    addQueryFlags(new Command('params').description('Query the current slashing parameters')).action((_o: unknown, self: Command) =>
      runSdkQuery(ctx, self, { pkg: SLASHING, method: 'Params', request: {}, pick: { typeName: `${SLASHING}.Params`, of: (r) => r.params } }),
    ),
  );
  return cmd;
}
