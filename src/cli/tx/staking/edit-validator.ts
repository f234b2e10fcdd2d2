/**
 * `chaind tx staking edit-validator` (SDK v0.47 x/staking `NewEditValidatorCmd`; reference
 * §2.6): the `--from` account's validator. Description flags left out are sent as
 * `[do-not-modify]`; `--commission-rate` and `--min-self-delegation` are sent only when given.
 */
import { Command } from 'commander';
import { Dec } from '../../../math/dec.ts';
import type { CliContext } from '../../context.ts';
import { operatorOf } from './args.ts';
import { minSelfDelegationArg } from './create-validator.ts';
import { sdkTxAction, STAKING } from './run.ts';

/** SDK `types.DoNotModifyDesc`. */
export const DO_NOT_MODIFY = '[do-not-modify]';

interface EditValidatorOptions {
  newMoniker: string;
  identity: string;
  website: string;
  securityContact: string;
  details: string;
  commissionRate: string;
  minSelfDelegation: string;
}

export function editValidatorCommand(ctx: CliContext): Command {
  const cmd = new Command('edit-validator')
    .description('edit an existing validator account')
    .option('--new-moniker <name>', "The validator's name", DO_NOT_MODIFY)
    .option('--identity <string>', 'The (optional) identity signature (ex. UPort or Keybase)', DO_NOT_MODIFY)
    .option('--website <url>', "The validator's (optional) website", DO_NOT_MODIFY)
    .option('--security-contact <email>', "The validator's (optional) security contact email", DO_NOT_MODIFY)
    .option('--details <text>', "The validator's (optional) details", DO_NOT_MODIFY)
    .option('--commission-rate <dec>', 'The new commission rate percentage', '')
    .option('--min-self-delegation <int>', 'The minimum self delegation required on the validator', '');
  return sdkTxAction<EditValidatorOptions>(ctx, cmd, (from, o) => {
    const description = { moniker: o.newMoniker, identity: o.identity, website: o.website, security_contact: o.securityContact, details: o.details };
    let rate: string | undefined;
    if (o.commissionRate !== '') {
      try {
        rate = Dec.fromString(o.commissionRate).toString();
      } catch (err) {
        throw new Error(`invalid new commission rate: ${(err as Error).message}`);
      }
    }
    const minSelfDelegation = o.minSelfDelegation === '' ? undefined : minSelfDelegationArg(o.minSelfDelegation);
    const value: Record<string, unknown> = { description, validator_address: operatorOf(from.address) };
    if (rate !== undefined) value.commission_rate = rate;
    if (minSelfDelegation !== undefined) value.min_self_delegation = minSelfDelegation;
    return [{ typeName: `${STAKING}.MsgEditValidator`, value }];
  });
}
