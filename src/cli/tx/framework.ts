/**
 * Generate, simulate, sign and broadcast: SDK v0.47 `client/tx` (`GenerateOrBroadcastTxWithFactory`,
 * `BroadcastTx`, `Factory.BuildUnsignedTx`, `CalculateGas`) over this chain's codec, keyring and
 * consensus RPC. Spec §4.3; reference/wire-formats.md §2.
 *
 * Order of events, as the SDK: `--offline` without `-a`/`-s` is refused; the messages'
 * ValidateBasic (the chain's own, the one the ante runs) refuses a bad message before anything is
 * signed or sent; `--generate-only` prints the unsigned tx (simulating first with `--gas auto`);
 * otherwise the account number and sequence come from the node (`--offline`: from `-a`/`-s`),
 * `--gas auto` / `--dry-run` simulate and print `gas estimate: N` on stderr, the unsigned tx is
 * shown and confirmed (unless `-y`), signed with the keyring key, broadcast, and the TxResponse
 * printed. A broadcast whose CheckTx failed is printed like any other and exits 0, as the SDK does;
 * the `code` tells.
 *
 * `--offline` never contacts a node: the signed tx is printed (as `tx sign` prints it, ready for
 * `tx broadcast`) instead of being broadcast. (An SDK v0.47 client still builds its RPC client from
 * `--node` and broadcasts; its flag promises "does not allow any online functionality".)
 */
import { MODULES } from '../../abci/modules.ts';
import { printProtoJson } from '../../codec/proto-json.ts';
import type { Any } from '../../codec/registry.ts';
import { encodeTxBody, makeSignDocDirectAuxBytes, makeSignerInfo, pubKeyAny, SignMode } from '../../codec/tx.ts';
import { aminoSignBytes, aminoSignedFee } from '../../codec/amino-json.ts';
import type { GoJsonValue } from '../../codec/go-json.ts';
import { SdkErrors } from '../../errors.ts';
import { accAddressArg } from './staking/args.ts';
import { validateMnemonic } from '../../crypto/mnemonic.ts';
import { queryAccountInfo } from '../../client/account.ts';
import { queryGrpc } from '../../client/query-grpc.ts';
import {
  encodeTxDocument,
  packMessages,
  signTxDocument,
  type TxDocument,
  type TxMessage,
  unsignedTxDocument,
} from '../../client/sign-tx.ts';
import {
  txResponseOfBroadcast,
  txResponseOfCommit,
  txResponseOfMempoolError,
  type TxResponseObject,
} from '../../client/tx-response.ts';
import { parseCoinsNormalized, parseDecCoins } from '../../math/coin-parse.ts';
import { Dec } from '../../math/dec.ts';
import { normalizeDecCoin } from '../../math/denoms.ts';
import type { ProtoCoin } from '../../math/coins.ts';
import type { MsgSpec } from '../../state/module.ts';
import { printSdkJson } from '../query/sdk-output.ts';
import type { FromAccount, TxContext } from './context.ts';
import type { TxFlags } from './flags.ts';

const MSG_SPECS: ReadonlyMap<string, MsgSpec> = new Map(MODULES.flatMap((m) => (m.msgs ?? []).map((s) => [s.typeName, s] as const)));

/**
 * Flags the simulator does not serve, or that do not apply, fail before anything else happens,
 * naming the reason. `buildsTx`: a command that builds its tx from messages (where `--aux` prints
 * the aux signer data instead); `tx sign` and `tx broadcast` take a tx file.
 */
export function rejectUnsupportedFlags(flags: TxFlags, o: { readonly buildsTx?: boolean } = {}): void {
  if (flags.ledger) throw new Error('ledger support is not available: no device (chaind signs with keyring keys only; drop --ledger)');
  if (flags.aux && !o.buildsTx) throw new Error('--aux applies to the commands that build a tx from messages (it prints their aux signer data), not to a tx file');
  if (flags.tip !== '' && !flags.aux) throw new Error('--tip is only valid with --aux (the tipper is the --from account, which signs the aux signer data)');
}

/** The message's registered spec (signers, ValidateBasic); unknown types are refused. */
export function msgSpecOf(typeName: string): MsgSpec {
  const spec = MSG_SPECS.get(typeName);
  if (!spec) throw new Error(`message type ${typeName} is not known to this chain`);
  return spec;
}

/** SDK `Tx.GetSigners`: each message's signers in order, then a fee payer not yet among them. */
export function txSigners(messages: readonly TxMessage[], feePayer = ''): string[] {
  const signers: string[] = [];
  for (const m of messages) for (const s of msgSpecOf(m.typeName).signers(m.value)) if (!signers.includes(s)) signers.push(s);
  if (feePayer !== '' && !signers.includes(feePayer)) signers.push(feePayer);
  return signers;
}

/**
 * `--fees`, or fees from `--gas-prices`: fee = ceil(price × gas limit) per denom (SDK
 * `BuildUnsignedTx`). Both at once is the SDK's `cannot provide both fees and gas prices`.
 * Gas prices are normalised to wei as `--fees` are (`1gwei` → `1000000000wei`): the SDK keeps
 * their denom, which on this chain makes a fee in `gwei` that no account holds and that the node's
 * `minimum-gas-prices` (in wei) does not count.
 */
export function feeAmount(fees: string, gasPrices: string, gasLimit: bigint): ProtoCoin[] {
  const feeCoins = parseCoinsNormalized(fees);
  const prices = parseDecCoins(gasPrices).map(normalizeDecCoin);
  if (prices.length === 0) return feeCoins.map((c) => ({ denom: c.denom, amount: c.amount.toString() }));
  if (feeCoins.some((c) => c.amount !== 0n)) throw new Error('cannot provide both fees and gas prices');
  const twice = prices.find((p, i) => prices.findIndex((q) => q.denom === p.denom) !== i);
  if (twice) throw new Error(`invalid gas prices ${JSON.stringify(gasPrices)}: duplicate denomination ${twice.denom}`);
  const gas = Dec.fromInt(gasLimit);
  return prices.map((p) => ({ denom: p.denom, amount: p.amount.mul(gas).ceil().truncateInt().toString() }));
}

/** An account address flag (`--fee-payer`, `--fee-granter`), checked as the SDK does when reading flags (`AccAddressFromBech32`'s error as it is). */
function addressFlag(value: string): string {
  return value === '' ? '' : accAddressArg(value);
}

interface Signing {
  readonly accountNumber: bigint;
  readonly sequence: bigint;
  /** the signer's key as the simulation shows it (a known key, else the key stored on chain) */
  readonly simPubKey: Any | null;
}

export class TxFramework {
  private readonly feePayer: string;
  private readonly feeGranter: string;

  constructor(
    readonly tc: TxContext,
    readonly from: FromAccount,
    readonly messages: readonly TxMessage[],
  ) {
    this.feePayer = addressFlag(tc.flags.feePayer);
    this.feeGranter = addressFlag(tc.flags.feeGranter);
  }

  private get flags(): TxFlags {
    return this.tc.flags;
  }

  /** SDK `GenerateOrBroadcastTxWithFactory`. */
  async run(): Promise<void> {
    const f = this.flags;
    // SDK `NewFactoryCLI`, then `GenerateOrBroadcastTxWithFactory`'s ValidateBasic of each message
    if (f.offline && (f.accountNumber === undefined || f.sequence === undefined)) throw new Error('account-number and sequence must be set in offline mode');
    for (const m of this.messages) msgSpecOf(m.typeName).validateBasic?.(m.value);
    if (f.aux) return this.printAuxSignerData();
    if (f.generateOnly) return this.printUnsigned();
    return this.broadcast();
  }

  /**
   * `--aux`: SDK v0.47 `makeAuxSignerData`, printed as `PrintProto` does (JSON unless `-o text`).
   * The aux signer signs the messages alone (no memo, no timeout: the builder sets neither), its
   * key, account number and sequence, the chain id and the tip (the `--tip` coins, possibly none,
   * with the `--from` account as tipper), in SIGN_MODE_DIRECT_AUX (the default with `--aux`) or
   * LEGACY_AMINO_JSON over an empty fee; never the fee, which the fee payer adds.
   */
  private async printAuxSignerData(): Promise<void> {
    const f = this.flags;
    const keyName = this.from.keyName;
    if (keyName === undefined || !this.from.pubKey) throw new Error(`${this.from.address}: key not found (--aux signs with a key of the keyring)`);
    let accountNumber: bigint;
    let sequence: bigint;
    if (f.offline) [accountNumber, sequence] = [f.accountNumber!, f.sequence!];
    else ({ accountNumber, sequence } = await queryAccountInfo(this.tc.client, this.from.address, this.tc.codec));
    const codec = this.tc.codec;
    const messages = packMessages(codec, this.messages);
    const tip = { amount: parseCoinsNormalized(f.tip).map((c) => ({ denom: c.denom, amount: c.amount.toString() })), tipper: this.from.address };
    const mode = f.signMode === '' || f.signMode === 'direct-aux' ? SignMode.DIRECT_AUX : f.signMode === 'amino-json' ? SignMode.LEGACY_AMINO_JSON : undefined;
    if (mode === undefined) throw SdkErrors.InvalidRequest.wrap('AuxTxBuilder can only sign with SIGN_MODE_DIRECT_AUX or SIGN_MODE_LEGACY_AMINO_JSON');
    const chainId = await this.tc.chainId();
    const bodyBytes = encodeTxBody({ messages, memo: '', timeout_height: 0n, extension_options: [], non_critical_extension_options: [] }, codec);
    const publicKey = pubKeyAny(this.from.pubKey, codec);
    const signDoc = { body_bytes: bodyBytes, public_key: publicKey, chain_id: chainId, account_number: accountNumber, sequence, tip };
    const signBytes =
      mode === SignMode.DIRECT_AUX
        ? makeSignDocDirectAuxBytes({ bodyBytes, publicKey, chainId, accountNumber, sequence, tip }, codec)
        : aminoSignBytes({ chainId, accountNumber, sequence, timeoutHeight: 0n, fee: aminoSignedFee(this.from.address, tip, null), msgs: messages, memo: '', tip }, codec);
    const sig = (await this.tc.keyring.sign(keyName, signBytes)).signature;
    const json = printProtoJson('sdk.tx.v1beta1.AuxSignerData', { address: this.from.address, sign_doc: signDoc, mode, sig }, { codec });
    printSdkJson(this.tc.cli.out, JSON.parse(json) as GoJsonValue, f.output);
  }

  /** SDK `Factory.PrintUnsignedTx`: always JSON, whatever `-o` says. */
  private async printUnsigned(): Promise<void> {
    let gas = this.flags.gas.limit;
    if (this.flags.gas.simulate) {
      if (this.flags.offline) throw new Error('cannot estimate gas in offline mode');
      gas = await this.estimateGas(await this.prepare());
    }
    const doc = await this.build(gas);
    this.tc.cli.out.stdout(printProtoJson('sdk.tx.v1beta1.Tx', doc, { codec: this.tc.codec }) + '\n');
  }

  /** SDK `BroadcastTx`. */
  private async broadcast(): Promise<void> {
    const f = this.flags;
    if (this.feePayer !== '' && this.feePayer !== this.from.address && !f.dryRun) {
      throw new Error(
        `fee payer ${this.feePayer} must sign the transaction too, and chaind signs with one key (--from ${this.from.address}); ` +
          'use --generate-only and sign the file with each key (tx sign --sign-mode amino-json), or leave --fee-payer out',
      );
    }
    // the one signer is the fee payer, and DIRECT_AUX does not sign over the fee (SDK's handler)
    if (f.signMode === 'direct-aux') throw SdkErrors.Unauthorized.wrap(`fee payer ${this.feePayer || this.from.address} cannot sign with SIGN_MODE_DIRECT_AUX`);
    const signing = await this.prepare();
    let gas = f.gas.limit;
    if (f.gas.simulate || f.dryRun) {
      if (f.offline) throw new Error('cannot estimate gas in offline mode');
      gas = await this.estimateGas(signing);
    }
    if (f.dryRun) return;
    const doc = await this.build(gas);
    if (!f.yes && !(await this.confirm(doc))) return;
    const keyName = this.from.keyName;
    if (keyName === undefined) throw new Error(`no key for ${this.from.address} in the keyring: only --generate-only or --dry-run work with an address`);
    const signed = await signTxDocument(
      doc,
      {
        pubKey: this.from.pubKey ?? null,
        chainId: await this.tc.chainId(),
        accountNumber: signing.accountNumber,
        sequence: signing.sequence,
        mode: f.signMode === 'amino-json' ? 'amino-json' : 'direct',
        overwrite: true,
        sign: async (bytes) => (await this.tc.keyring.sign(keyName, bytes)).signature,
      },
      this.tc.codec,
    );
    if (f.offline) {
      this.tc.cli.out.stdout(printProtoJson('sdk.tx.v1beta1.Tx', signed, { codec: this.tc.codec }) + '\n');
      return;
    }
    const response = await broadcastTxBytes(this.tc, encodeTxDocument(signed, this.tc.codec));
    printTxResponse(this.tc, response);
  }

  /**
   * SDK `Factory.Prepare`: offline, `-a`/`-s` sign the tx; online, the account must exist, and the
   * chain's account number and sequence fill in what `-a`/`-s` leave at 0 (a non-zero `-s` signs
   * ahead of the chain, to broadcast a run of pre-signed txs).
   */
  private async prepare(): Promise<Signing> {
    const f = this.flags;
    const known = this.from.pubKey ? pubKeyAny(this.from.pubKey, this.tc.codec) : null;
    if (f.offline) return { accountNumber: f.accountNumber!, sequence: f.sequence!, simPubKey: known };
    const account = await queryAccountInfo(this.tc.client, this.from.address, this.tc.codec);
    const given = (flag: bigint | undefined, chain: bigint) => (flag !== undefined && flag !== 0n ? flag : chain);
    return { accountNumber: given(f.accountNumber, account.accountNumber), sequence: given(f.sequence, account.sequence), simPubKey: known ?? account.pubKey };
  }

  /** SDK `BuildUnsignedTx` with its chain-id, fee and memo checks. */
  private async build(gasLimit: bigint): Promise<TxDocument> {
    const f = this.flags;
    if (f.offline && f.generateOnly) {
      if (f.chainId !== undefined) throw new Error('chain ID cannot be used when offline and generate-only flags are set');
    } else {
      await this.tc.chainId();
    }
    const fee = feeAmount(f.fees, f.gasPrices, gasLimit);
    if (f.note !== '' && validateMnemonic(f.note.toLowerCase())) throw new Error('cannot provide a valid mnemonic seed in the memo field');
    return unsignedTxDocument(
      { messages: this.messages, memo: f.note, timeoutHeight: f.timeoutHeight, fee, gasLimit, payer: this.feePayer, granter: this.feeGranter },
      this.tc.codec,
    );
  }

  /**
   * SDK `CalculateGas`: simulate the tx with an empty signature (abci_query
   * `/sdk.tx.v1beta1.Service/Simulate`), then gas = ⌊adjustment × gas used⌋ (the SDK's float64
   * product; gas is not money). Prints `gas estimate: N` on stderr.
   */
  private async estimateGas(signing: Signing): Promise<bigint> {
    const doc = await this.build(0n);
    const mode = this.flags.signMode === 'amino-json' ? SignMode.LEGACY_AMINO_JSON : this.flags.signMode === 'direct' ? SignMode.DIRECT : SignMode.UNSPECIFIED;
    const simDoc: TxDocument = {
      ...doc,
      auth_info: { ...doc.auth_info, signer_infos: [makeSignerInfo(signing.simPubKey, signing.sequence, mode)] },
      signatures: [new Uint8Array(0)],
    };
    const res = await queryGrpc(
      this.tc.client,
      'sdk.tx.v1beta1.Service/Simulate',
      'sdk.tx.v1beta1.SimulateRequest',
      'sdk.tx.v1beta1.SimulateResponse',
      { tx_bytes: encodeTxDocument(simDoc, this.tc.codec) },
      undefined,
      this.tc.codec,
    );
    const gasUsed = ((res.gas_info as { gas_used?: bigint } | null)?.gas_used ?? 0n) as bigint;
    const adjusted = BigInt(Math.floor(this.flags.gasAdjustment * Number(gasUsed)));
    this.tc.cli.out.stderr(`gas estimate: ${adjusted}\n`);
    return adjusted;
  }

  /**
   * SDK: print the unsigned tx (in the `-o` format), then ask on stderr. "n" cancels quietly (exit
   * 0); no answer at all (stdin closed) cancels with an error, as the SDK's EOF does.
   */
  private async confirm(doc: TxDocument): Promise<boolean> {
    const { cli } = this.tc;
    printSdkJson(cli.out, printProtoJson('sdk.tx.v1beta1.Tx', doc, { codec: this.tc.codec }), this.flags.output);
    const question = 'confirm transaction before signing and broadcasting';
    let answer: boolean | undefined;
    if (cli.prompt.interactive) {
      answer = await cli.prompt.confirm(question);
    } else {
      cli.out.stderr(`${question} [y/N]: `);
      const line = await cli.prompt.readLine('');
      answer = line === undefined ? undefined : line.trim().toLowerCase().startsWith('y');
    }
    if (answer === true) return true;
    cli.out.stderr('cancelled transaction\n');
    if (answer === undefined) throw new Error('EOF: no answer to the confirmation prompt on stdin (pass --yes to skip it)');
    return false;
  }
}

/**
 * Broadcasts TxRaw bytes in the `-b` mode. `sync` and `async` return after CheckTx; `block` (gone
 * from SDK v0.47, kept here) waits for the block that includes the tx (consensus `broadcast_tx_commit`).
 * Mempool refusals become the SDK's TxResponse with code 19/20/21.
 */
export async function broadcastTxBytes(tc: TxContext, bytes: Uint8Array): Promise<TxResponseObject> {
  const mode = tc.broadcastMode;
  if (mode !== 'sync' && mode !== 'async' && mode !== 'block') {
    throw new Error(`unsupported return type ${mode}; supported types: sync, async, block`);
  }
  try {
    if (mode === 'sync') return txResponseOfBroadcast(await tc.client.broadcastTxSync(bytes));
    if (mode === 'async') return txResponseOfBroadcast(await tc.client.broadcastTxAsync(bytes));
    return txResponseOfCommit(await tc.client.broadcastTxCommit(bytes));
  } catch (err) {
    const refused = txResponseOfMempoolError(err, bytes);
    if (refused) return refused;
    throw err;
  }
}

/** SDK `PrintProto(TxResponse)`: proto-JSON, or its YAML with `-o text`. */
export function printTxResponse(tc: TxContext, response: TxResponseObject): void {
  printSdkJson(tc.cli.out, printProtoJson('sdk.base.abci.v1beta1.TxResponse', response, { codec: tc.codec }), tc.flags.output);
}
