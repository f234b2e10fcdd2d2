/**
 * `chaind tx register remove-meta-node <meta_node_address> <owner_address>` (spec §4.3): the usage
 * line names the two positionals (optional in fact); the documented example gives `--network-address` and signs
 * with the owner's key via `--from`. Both forms work: the node address comes from the first
 * positional or `--network-address`, the owner from `--from` or the second positional; when both
 * forms are given they must agree.
 */
import { Command } from 'commander';
import { accAddress, addressFromBech32 } from '../../../crypto/address.ts';
import type { CliContext } from '../../context.ts';
import { addLegacyTxFlags } from '../flags.ts';
import { networkAddressFlag } from './node-flags.ts';
import { REGISTER, type RegisterMsgBuilder, registerTxAction } from './run.ts';

export interface RemoveMetaNodeOptions {
  networkAddress?: string;
  /** the positionals, as given */
  args?: readonly string[];
}

/** The meta node address from `[meta_node_address]` or `--network-address`. */
export function metaNodeAddressOf(opts: RemoveMetaNodeOptions): string {
  const positional = opts.args?.[0];
  const flag = opts.networkAddress;
  if (positional !== undefined && flag !== undefined && positional !== flag) {
    throw new Error(`the meta node address is given twice and differs: ${positional} (argument) and ${flag} (--network-address)`);
  }
  const address = positional ?? flag;
  if (address === undefined || address === '') throw new Error('the meta node address is required: give <meta_node_address> or --network-address');
  return address;
}

export const removeMetaNodeMsg: RegisterMsgBuilder<RemoveMetaNodeOptions> = (from, opts) => {
  const owner = opts.args?.[1];
  if (owner !== undefined) {
    let ownerAddress: string;
    try {
      ownerAddress = accAddress(addressFromBech32(owner));
    } catch (err) {
      throw new Error(`invalid owner_address ${JSON.stringify(owner)}: ${(err as Error).message}`);
    }
    if (ownerAddress !== from) throw new Error(`owner_address ${owner} is not the signer ${from} (--from): the owner signs the removal`);
  }
  return { typeName: `${REGISTER}.MsgRemoveMetaNode`, value: { meta_node_address: networkAddressFlag(metaNodeAddressOf(opts)), owner_address: from } };
};

export function removeMetaNodeCommand(ctx: CliContext): Command {
  const cmd = new Command('remove-meta-node')
    .description('remove meta node')
    .usage('<meta_node_address> <owner_address> [flags]')
    .argument('[meta_node_address]', 'stsds1… address of the meta node (or --network-address)')
    .argument('[owner_address]', 'st1… address of its owner (or --from)')
    .option('--network-address <stsds1…>', 'The network id of the node');
  // spec §4.3: `remove-meta-node` documents the older flag set (`--indent`, `--trust-node`)
  addLegacyTxFlags(cmd);
  return registerTxAction<RemoveMetaNodeOptions>(
    ctx,
    cmd,
    (from, opts, codec) => removeMetaNodeMsg(from, { ...opts, args: cmd.args }, codec),
    (_opts, args) => args[1],
  );
}
