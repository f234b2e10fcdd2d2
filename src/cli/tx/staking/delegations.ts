/**
 * `chaind tx staking delegate|redelegate|unbond|cancel-unbond` (SDK v0.47 x/staking client/cli
 * `tx.go`; reference §2.6). The delegator is `--from`; the arguments are read in the SDK's order
 * (delegate: the amount first; the others: the validator addresses first), each with its error.
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { coinArg, goParseInt64, valAddressArg } from './args.ts';
import { sdkTxAction, STAKING } from './run.ts';

export function delegateCommand(ctx: CliContext): Command {
  const cmd = new Command('delegate')
    .description('Delegate liquid tokens to a validator')
    .argument('<validator-addr>', 'stvaloper1… address of the validator')
    .argument('<amount>', 'coin, e.g. 1stos or 1000000000000000000wei');
  return sdkTxAction(ctx, cmd, (from, _o, [val, amount]) => {
    const coin = coinArg(amount);
    return [{ typeName: `${STAKING}.MsgDelegate`, value: { delegator_address: from.address, validator_address: valAddressArg(val), amount: coin } }];
  });
}

export function redelegateCommand(ctx: CliContext): Command {
  const cmd = new Command('redelegate')
    .description('Redelegate illiquid tokens from one validator to another')
    .argument('<src-validator-addr>', 'stvaloper1… address of the source validator')
    .argument('<dst-validator-addr>', 'stvaloper1… address of the destination validator')
    .argument('<amount>', 'coin, e.g. 1stos');
  return sdkTxAction(ctx, cmd, (from, _o, [src, dst, amount]) => {
    const validatorSrc = valAddressArg(src);
    const validatorDst = valAddressArg(dst);
    const coin = coinArg(amount);
    return [
      {
        typeName: `${STAKING}.MsgBeginRedelegate`,
        value: { delegator_address: from.address, validator_src_address: validatorSrc, validator_dst_address: validatorDst, amount: coin },
      },
    ];
  });
}

export function unbondCommand(ctx: CliContext): Command {
  const cmd = new Command('unbond')
    .description('Unbond shares from a validator')
    .argument('<validator-addr>', 'stvaloper1… address of the validator')
    .argument('<amount>', 'coin, e.g. 1stos');
  return sdkTxAction(ctx, cmd, (from, _o, [val, amount]) => {
    const validator = valAddressArg(val);
    return [{ typeName: `${STAKING}.MsgUndelegate`, value: { delegator_address: from.address, validator_address: validator, amount: coinArg(amount) } }];
  });
}

export function cancelUnbondCommand(ctx: CliContext): Command {
  const cmd = new Command('cancel-unbond')
    .description('Cancel unbonding delegation and delegate back to the validator')
    .argument('<validator-addr>', 'stvaloper1… address of the validator')
    .argument('<amount>', 'coin, e.g. 1stos')
    .argument('<creation-height>', 'the height at which the unbonding began');
  return sdkTxAction(ctx, cmd, (from, _o, [val, amount, height]) => {
    const validator = valAddressArg(val);
    const coin = coinArg(amount);
    const creationHeight = goParseInt64(height);
    // the SDK wraps the zero value ParseInt returns on failure
    if (typeof creationHeight === 'string') throw new Error('invalid height: invalid height: 0');
    return [
      {
        typeName: `${STAKING}.MsgCancelUnbondingDelegation`,
        value: { delegator_address: from.address, validator_address: validator, amount: coin, creation_height: creationHeight },
      },
    ];
  });
}
