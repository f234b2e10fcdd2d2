/**
 * `chaind tx staking create-validator` (SDK v0.47 x/staking `NewCreateValidatorCmd`,
 * `newBuildCreateValidatorMsg`; reference/sdk-modules.md §2.6): a new validator operated by the
 * `--from` account, with a self-delegation of `--amount`.
 *
 * In the SDK's order: the required flags (cobra's `required flag(s) "amount", "moniker" not set`),
 * `--amount` (ParseCoinNormalized), the public key, the description, the three commission rates
 * (all or none: `must specify all validator commission parameters`), `--min-self-delegation`, the
 * message's ValidateBasic. `--ip` and `--node-id` are accepted and change nothing: v0.47 builds the
 * memo `<node-id>@<ip>:<p2p-port>` only when `--p2p-port` is above 0, and this command has no such
 * flag (only gentx has it), so the memo stays the `--note` given.
 *
 * Departure: `--pubkey` may be left out; the key of the home's `priv_validator_key.json` (what
 * `chaind consensus show-validator` prints) is taken then. The SDK requires the flag.
 */
import { Command } from 'commander';
import { existsSync } from 'node:fs';
import type { TxMessage } from '../../../client/sign-tx.ts';
import { base64 } from '../../../codec/go-json.ts';
import { parseGoBigInt } from '../../../codec/go-parse.ts';
import type { Codec } from '../../../codec/registry.ts';
import { loadPrivValidatorKey } from '../../../consensus/keys.ts';
import { Dec } from '../../../math/dec.ts';
import { homeLayout, readConsensusConfig } from '../../../node/home.ts';
import type { CliContext } from '../../context.ts';
import { TxContext } from '../context.ts';
import { addTxFlags } from '../flags.ts';
import { TxFramework } from '../framework.ts';
import { coinArg, CONSENSUS_KEY_TYPE, consensusPubKeyArg, operatorOf } from './args.ts';
import { signerOf, STAKING } from './run.ts';

export interface CreateValidatorOptions {
  amount?: string;
  pubkey?: string;
  moniker?: string;
  identity: string;
  website: string;
  securityContact: string;
  details: string;
  commissionRate: string;
  commissionMaxRate: string;
  commissionMaxChangeRate: string;
  minSelfDelegation: string;
}

/** SDK `buildCommissionRates`. */
export function commissionRates(rate: string, maxRate: string, maxChangeRate: string): { rate: string; max_rate: string; max_change_rate: string } {
  if (rate === '' || maxRate === '' || maxChangeRate === '') throw new Error('must specify all validator commission parameters');
  return { rate: Dec.fromString(rate).toString(), max_rate: Dec.fromString(maxRate).toString(), max_change_rate: Dec.fromString(maxChangeRate).toString() };
}

/** SDK `math.NewIntFromString` (big.Int base 0: `0x10` is 16, `010` is 8; 256 bits) of a min self delegation, else the CLI's error. */
export function minSelfDelegationArg(text: string): string {
  const value = parseGoBigInt(text, 256);
  if (value === undefined) throw new Error('minimum self delegation must be a positive integer: invalid request');
  return value.toString();
}

/** The pubkey as proto-JSON: `--pubkey`, else the home's consensus key (see the header). */
function pubKeyText(opts: CreateValidatorOptions, home: string, codec: Codec): string {
  if (opts.pubkey !== undefined) return opts.pubkey;
  const file = homeLayout(home, readConsensusConfig(home)).privValidatorKeyFile;
  if (!existsSync(file)) throw new Error(`required flag(s) "pubkey" not set (and there is no ${file} to take the consensus key from)`);
  return JSON.stringify({ '@type': codec.typeUrl(CONSENSUS_KEY_TYPE), key: base64(loadPrivValidatorKey(file).pubKey) });
}

/** The MsgCreateValidator of `newBuildCreateValidatorMsg`, operated by the account `from` (`st1…`). */
export function createValidatorMsg(from: string, opts: CreateValidatorOptions, pubkeyJson: string, codec: Codec): TxMessage {
  const value = coinArg(opts.amount ?? '');
  const pubkey = consensusPubKeyArg(pubkeyJson, codec).any;
  const description = { moniker: opts.moniker ?? '', identity: opts.identity, website: opts.website, security_contact: opts.securityContact, details: opts.details };
  const commission = commissionRates(opts.commissionRate, opts.commissionMaxRate, opts.commissionMaxChangeRate);
  const minSelfDelegation = minSelfDelegationArg(opts.minSelfDelegation);
  return {
    typeName: `${STAKING}.MsgCreateValidator`,
    value: { description, commission, min_self_delegation: minSelfDelegation, delegator_address: from, validator_address: operatorOf(from), pubkey, value },
  };
}

export function createValidatorCommand(ctx: CliContext): Command {
  const cmd = new Command('create-validator')
    .description('create new validator initialized with a self-delegation to it')
    .option('--amount <coin>', 'Amount of coins to bond, e.g. 1stos or 1000000000000000000wei')
    .option('--pubkey <json>', "The validator's Protobuf JSON encoded public key (default: the key of the home's priv_validator_key.json)")
    .option('--moniker <name>', "The validator's name")
    .option('--identity <string>', 'The optional identity signature (ex. UPort or Keybase)', '')
    .option('--website <url>', "The validator's (optional) website", '')
    .option('--security-contact <email>', "The validator's (optional) security contact email", '')
    .option('--details <text>', "The validator's (optional) details", '')
    .option('--commission-rate <dec>', 'The initial commission rate percentage', '')
    .option('--commission-max-rate <dec>', 'The maximum commission rate percentage', '')
    .option('--commission-max-change-rate <dec>', 'The maximum commission change rate percentage (per day)', '')
    .option('--min-self-delegation <int>', 'The minimum self delegation required on the validator', '')
    .option('--ip <ip>', "The node's public IP. It takes effect only when used in combination with --generate-only", '')
    .option('--node-id <id>', "The node's ID", '');
  return addTxFlags(cmd).action(async (opts: CreateValidatorOptions, self: Command) => {
    const tc = TxContext.of(ctx, self);
    // cobra's check of the flags marked required, in flag-name order
    const missing = [['amount', opts.amount], ['from', tc.flags.from === '' ? undefined : tc.flags.from], ['moniker', opts.moniker]].filter(([, v]) => v === undefined).map(([name]) => name);
    if (missing.length > 0) throw new Error(`required flag(s) "${missing.join('", "')}" not set`);
    const from = await signerOf(tc);
    const msg = createValidatorMsg(from.address, opts, pubKeyText(opts, tc.flags.home, tc.codec), tc.codec);
    await new TxFramework(tc, from, [msg]).run();
  });
}
