/**
 * The common flags of tx commands (spec §4.3; SDK v0.47 `flags.AddTxFlagsToCmd`) and their typed
 * reading. Flags that name a value the SDK parses later (`--fees`, `--gas-prices`) are kept as text
 * and parsed by the framework, so that errors come in the SDK's order.
 */
import type { Command } from 'commander';
import { InvalidArgumentError, Option } from 'commander';
import { parseGoFloat, parseGoInt, parseGoUint } from '../../codec/go-parse.ts';
import { KEYRING_BACKENDS } from '../../crypto/keyring/store.ts';
import { defaultHome } from '../home.ts';
import { withClientGlobalFlags } from '../node/node-flags.ts';
import type { OutputFormat } from '../output.ts';
import { OUTPUT_FORMATS } from '../output.ts';

/** SDK `flags.DefaultGasLimit` (spec part 8). */
export const DEFAULT_GAS = 200000n;
export const DEFAULT_NODE = 'tcp://localhost:26657';
export const BROADCAST_MODES = ['sync', 'async', 'block'] as const;
export type BroadcastMode = (typeof BROADCAST_MODES)[number];
export const SIGN_MODES = ['direct', 'amino-json', 'direct-aux'] as const;

/** `--gas`: a number, or `auto` to simulate (SDK `GasSetting`). */
export interface GasSetting {
  readonly simulate: boolean;
  readonly limit: bigint;
}

export interface TxFlags {
  readonly home: string;
  readonly from: string;
  /** flag value; undefined when not given (then client.toml, then the node) */
  readonly chainId: string | undefined;
  /** undefined when not given (then client.toml, then `os`) */
  readonly keyringBackend: string | undefined;
  readonly keyringDir: string;
  readonly node: string | undefined;
  readonly gas: GasSetting;
  readonly gasAdjustment: number;
  readonly gasPrices: string;
  readonly fees: string;
  readonly note: string;
  readonly timeoutHeight: bigint;
  readonly generateOnly: boolean;
  readonly dryRun: boolean;
  readonly offline: boolean;
  /** given on the command line (offline mode needs both) */
  readonly accountNumber: bigint | undefined;
  readonly sequence: bigint | undefined;
  readonly signMode: string;
  /** undefined when not given (then client.toml, then `sync`) */
  readonly broadcastMode: string | undefined;
  readonly yes: boolean;
  readonly output: OutputFormat;
  readonly feeGranter: string;
  readonly feePayer: string;
  readonly ledger: boolean;
  readonly aux: boolean;
  readonly tip: string;
}

/** A pflag uint64 flag: `strconv.ParseUint(s, 0, 64)` (`0x10` is 16), its error text after pflag's prefix. */
export function parseUint64(value: string): bigint {
  return goFlag(() => parseGoUint(value, 64));
}

/** A pflag int flag (Go int, 64 bits): `strconv.ParseInt(s, 0, 64)`. */
export function parseInt64(value: string): bigint {
  return goFlag(() => parseGoInt(value, 64));
}

/** Runs a Go parser; its error becomes commander's invalid-argument error (printed as pflag's). */
function goFlag<T>(parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    throw new InvalidArgumentError((e as Error).message);
  }
}

/** SDK `flags.ParseGasSetting`. */
export function parseGasSetting(value: string): GasSetting {
  if (value === '') return { simulate: false, limit: DEFAULT_GAS };
  if (value === 'auto') return { simulate: true, limit: 0n };
  if (!/^\d+$/.test(value) || BigInt(value) >= 1n << 64n) throw new InvalidArgumentError('gas must be either integer or auto');
  return { simulate: false, limit: BigInt(value) };
}

/** A pflag float64 flag (`strconv.ParseFloat`); a negative or infinite factor is refused as well. */
function parseGasAdjustment(value: string): number {
  const n = goFlag(() => parseGoFloat(value));
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError('expected a non-negative number such as 1.5.');
  return n;
}

/** Adds the tx flags to a command (each tx command carries them, as in the SDK). */
export function addTxFlags(cmd: Command, opts: { fromRequired?: boolean } = {}): Command {
  const from = new Option('--from <name_or_address>', 'Name or address of private key with which to sign');
  if (opts.fromRequired) from.makeOptionMandatory(true);
  return withClientGlobalFlags(cmd)
    .option('--home <dir>', 'The application home directory', defaultHome())
    .addOption(from)
    .option('-a, --account-number <uint>', 'The account number of the signing account (offline mode only)', parseUint64)
    .option('-s, --sequence <uint>', 'The sequence number of the signing account (offline mode only)', parseUint64)
    .addOption(new Option('-b, --broadcast-mode <mode>', 'Transaction broadcasting mode (sync|async|block) (default "sync")').choices(BROADCAST_MODES))
    .option('--chain-id <id>', 'The network chain ID')
    .option('--dry-run', "ignore the --gas flag and perform a simulation of a transaction, but don't broadcast it (when enabled, the local Keybase is not accessible)", false)
    .option('--fee-account <address>', 'Fee account pays fees for the transaction instead of deducting from the signer (same as --fee-granter)')
    .option('--fee-granter <address>', 'Fee granter grants fees for the transaction')
    .option('--fee-payer <address>', 'Fee payer pays fees for the transaction instead of deducting from the signer')
    .option('--fees <coins>', 'Fees to pay along with transaction; eg: 10wei', '')
    .option('--gas <gas>', 'gas limit to set per-transaction; set to "auto" to calculate sufficient gas automatically (default 200000)', parseGasSetting)
    .option('--gas-adjustment <float>', 'adjustment factor to be multiplied against the estimate returned by the tx simulation; if the gas limit is set manually this flag is ignored', parseGasAdjustment, 1)
    .option('--gas-prices <decCoins>', 'Gas prices in decimal format to determine the transaction fee (e.g. 0.1wei)', '')
    .option('--generate-only', 'Build an unsigned transaction and write it to STDOUT (when enabled, the local Keybase only accessed when providing a key name)', false)
    .option('--keyring-backend <backend>', `Select keyring's backend (${KEYRING_BACKENDS.join('|')}) (default "os")`)
    .option('--keyring-dir <dir>', "The client Keyring directory; if omitted, the default 'home' directory will be used")
    .option('--ledger', 'Use a connected Ledger device', false)
    .option('--note <text>', 'Note to add a description to the transaction (previously --memo)')
    .option('--memo <text>', 'Memo to send along with transaction (same as --note)')
    .option('--node <uri>', '<host>:<port> to the consensus RPC interface for this chain (default "tcp://localhost:26657")')
    .option('--offline', 'Offline mode (does not allow any online functionality)', false)
    .addOption(new Option('-o, --output <format>', 'Output format (text|json)').choices(OUTPUT_FORMATS).default('json'))
    .addOption(new Option('--sign-mode <mode>', 'Choose sign mode (direct|amino-json|direct-aux), this is an advanced feature').choices(SIGN_MODES))
    .addOption(new Option('--timeout-height <uint>', 'Set a block timeout height to prevent the tx from being committed past a certain height').argParser(parseUint64).default(0n, '0'))
    .option('-y, --yes', 'Skip tx broadcasting prompt confirmation', false)
    .option('--aux', 'Generate aux signer data instead of sending a tx', false)
    .option('--tip <coins>', "Tip is the amount that is going to be transferred to the fee payer on the target chain. This flag is only valid when used with --aux, and is ignored if the target chain didn't enable the TipDecorator", '');
}

/** Go `strconv.ParseBool`, for bool flags given a value (`--opinion false`, `--trust-node=false`; also given bare: true). */
export function parseGoBool(value: string): boolean {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return false;
  throw new InvalidArgumentError(`strconv.ParseBool: parsing ${JSON.stringify(value)}: invalid syntax`);
}

/**
 * The two flags of the older (SDK v0.39) tx flag set that spec §4.3 lists for `tx register
 * remove-meta-node` and `tx pot withdraw` besides the common ones: `--indent` (indented JSON) and
 * `--trust-node` (skip proof checks, default true). Neither has an effect in an SDK v0.47 client
 * (its JSON output is compact and it verifies no proofs); they are accepted so that commands
 * written for the older CLI run unchanged.
 */
export function addLegacyTxFlags(cmd: Command): Command {
  return cmd
    .addOption(new Option('--indent [bool]', 'Add indent to JSON response (accepted for compatibility; no effect)').argParser(parseGoBool))
    .addOption(new Option('--trust-node [bool]', "Trust connected full node (don't verify proofs for responses) (default true; accepted for compatibility; no effect)").argParser(parseGoBool));
}

interface RawTxOptions {
  home: string;
  from?: string;
  accountNumber?: bigint;
  sequence?: bigint;
  broadcastMode?: string;
  chainId?: string;
  dryRun: boolean;
  feeAccount?: string;
  feeGranter?: string;
  feePayer?: string;
  fees: string;
  gas?: GasSetting;
  gasAdjustment: number;
  gasPrices: string;
  generateOnly: boolean;
  keyringBackend?: string;
  keyringDir?: string;
  ledger: boolean;
  note?: string;
  memo?: string;
  node?: string;
  offline: boolean;
  output: OutputFormat;
  signMode?: string;
  timeoutHeight: bigint;
  yes: boolean;
  aux: boolean;
  tip: string;
}

export function readTxFlags(cmd: Command): TxFlags {
  const o = cmd.opts<RawTxOptions>();
  const given = (name: string) => cmd.getOptionValueSource(name) === 'cli';
  return {
    home: o.home,
    from: o.from ?? '',
    chainId: o.chainId,
    keyringBackend: o.keyringBackend,
    keyringDir: o.keyringDir || o.home,
    node: o.node,
    gas: o.gas ?? { simulate: false, limit: DEFAULT_GAS },
    gasAdjustment: o.gasAdjustment,
    gasPrices: o.gasPrices,
    fees: o.fees,
    note: o.note ?? o.memo ?? '',
    timeoutHeight: o.timeoutHeight,
    generateOnly: o.generateOnly,
    dryRun: o.dryRun,
    offline: o.offline,
    accountNumber: given('accountNumber') ? o.accountNumber : undefined,
    sequence: given('sequence') ? o.sequence : undefined,
    signMode: o.signMode ?? '',
    broadcastMode: o.broadcastMode,
    yes: o.yes,
    output: o.output,
    feeGranter: o.feeGranter ?? o.feeAccount ?? '',
    feePayer: o.feePayer ?? '',
    ledger: o.ledger,
    aux: o.aux,
    tip: o.tip,
  };
}
