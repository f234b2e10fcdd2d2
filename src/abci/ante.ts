/**
 * The ante chain in the SDK v0.47 order (reference/wire-formats.md §2.7): tx-level validation,
 * timeout height, memo, tx-size gas, fee deduction, pubkey setting, signature gas, signature
 * verification, sequence increment. Runs on an immer draft; a throw discards everything it did.
 */
import type { Draft } from 'immer';
import { ChainError, SdkErrors } from '../errors.ts';
import { formatCoins, validateCoins, type Coins, type ProtoCoin } from '../math/coins.ts';
import type { Coin } from '../math/coin.ts';
import { parseInt256 } from '../math/int.ts';
import { Dec } from '../math/dec.ts';
import type { AppState } from '../state/app-state.ts';
import type { Ctx } from '../state/module.ts';
import { existingAccount, getAccount, incrementSequence, setPubKey } from '../modules/auth/state.ts';
import { accAddressProblem, type AccountRecord } from '../modules/auth/account.ts';
import { sendCoinsFromAccountToModule } from '../modules/bank/state.ts';
import { verifySignature, type PubKey } from '../crypto/keys.ts';
import { memoPubKeyAddress } from './key-memo.ts';
import { ETH_SECP256K1_VERIFY_COST } from './gas.ts';
import type { TxView, SignerView } from './tx-view.ts';

/** `replay` is deliver without signature checks: rebuilding state from blocks the node already accepted. */
export type RunMode = 'check' | 'recheck' | 'deliver' | 'simulate' | 'replay';

/** Minimum gas prices of this node (`--minimum-gas-prices`), as decimal coins. */
export type MinGasPrices = readonly { denom: string; amount: Dec }[];

export interface AnteInput {
  readonly tx: TxView;
  readonly txSize: number;
  readonly mode: RunMode;
  readonly minGasPrices: MinGasPrices;
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

type RequiredFees = readonly { readonly denom: string; readonly amount: bigint }[];

/**
 * The fees a node's minimum gas prices require, by gas limit: txs mostly share a few gas limits,
 * and the decimal products were made anew for every CheckTx. Bounded per set of prices.
 */
const requiredFeesMemo = new WeakMap<MinGasPrices, Map<bigint, RequiredFees>>();
const REQUIRED_FEES_MEMO_LIMIT = 1024;

/** ceil(price × gas) for each non-zero price, by denom. */
function requiredFees(prices: MinGasPrices, gasLimit: bigint): RequiredFees {
  let byGas = requiredFeesMemo.get(prices);
  if (byGas === undefined) requiredFeesMemo.set(prices, (byGas = new Map()));
  let required = byGas.get(gasLimit);
  if (required === undefined) {
    const gas = Dec.fromInt(gasLimit);
    required = prices
      .filter((p) => !p.amount.isZero())
      .map((p) => ({ denom: p.denom, amount: p.amount.mul(gas).ceil().truncateInt() }))
      .sort((a, b) => (a.denom < b.denom ? -1 : 1));
    if (byGas.size >= REQUIRED_FEES_MEMO_LIMIT) byGas.clear();
    byGas.set(gasLimit, required);
  }
  return required;
}

/** `checkTxFeeWithValidatorMinGasPrices`: fee ≥ ceil(price × gas) in at least one denom (CheckTx only). */
function checkMinGasPrices(fee: Coins, gasLimit: bigint, prices: MinGasPrices): void {
  const required = requiredFees(prices, gasLimit);
  if (required.length === 0) return;
  const ok = required.some((r) => fee.some((f) => f.denom === r.denom && f.amount >= r.amount));
  if (!ok) throw SdkErrors.InsufficientFee.wrap(`insufficient fees; got: ${formatCoins(fee)} required: ${formatCoins(required)}`);
}

/** SDK `types/tx` `MaxGasWanted`: the largest gas limit a tx may ask for, 2^63 − 1. */
export const MAX_GAS_WANTED = (1n << 63n) - 1n;

export interface TxFee {
  readonly amount: readonly ProtoCoin[];
  readonly gasLimit: bigint;
  /** the fee payer's address; empty when the first signer pays */
  readonly payer: string;
}

/**
 * The fee rules of SDK v0.47 `Tx.ValidateBasic`, in its order and texts: gas limit ≤ MaxGasWanted
 * (18 `invalid gas supplied; …`), no nil amount (13 `invalid fee provided: null`), no negative
 * amount (13 `invalid fee provided: -1wei`), a payer that parses (7 `Invalid fee payer address
 * (<AccAddressFromBech32's error>)`). An amount that is not an integer (which the SDK's decoder
 * refuses) fails as `invalid fee provided: invalid amount …` (13). Returns the fee's coins.
 * REST `/unsigned` refuses such fees with the same texts (src/api/rest/unsigned-tx.ts).
 */
export function validateTxFee(fee: TxFee): Coins {
  if (fee.gasLimit > MAX_GAS_WANTED) throw SdkErrors.InvalidRequest.wrap(`invalid gas supplied; ${fee.gasLimit} > ${MAX_GAS_WANTED}`);
  const coins: Coin[] = [];
  let anyNil = false;
  for (const { denom, amount } of fee.amount) {
    // proto3 leaves an empty amount out of the bytes: the SDK decodes a nil Int
    if (amount === '') {
      anyNil = true;
      continue;
    }
    try {
      coins.push({ denom, amount: parseInt256(amount) });
    } catch (e) {
      throw SdkErrors.InsufficientFee.wrap(`invalid fee provided: invalid amount '${amount}' of coin denom '${denom}': ${(e as Error).message}`);
    }
  }
  if (anyNil) throw SdkErrors.InsufficientFee.wrap('invalid fee provided: null');
  if (coins.some((c) => c.amount < 0n)) throw SdkErrors.InsufficientFee.wrap(`invalid fee provided: ${formatCoins(coins)}`);
  if (fee.payer !== '') {
    const why = accAddressProblem(fee.payer);
    if (why !== undefined) throw SdkErrors.InvalidAddress.wrap(`Invalid fee payer address (${why})`);
  }
  return coins;
}

/** Runs the ante chain; returns nothing, fails by throwing a ChainError. */
export function runAnte(draft: Draft<AppState>, input: AnteInput, ctx: Ctx): void {
  const { tx, mode } = input;
  const simulate = mode === 'simulate';
  const params = draft.auth.params;

  // ValidateBasicDecorator (tx.ValidateBasic: fee, fee payer, signatures), in every mode: as in SDK
  // v0.47 a simulation needs a signature per signer too (the CLI's `--gas auto` and CosmJS send
  // empty ones). Messages' ValidateBasic ran when the tx was decoded (src/abci/tx-view.ts), as
  // baseapp runs it before the ante.
  const fee = validateTxFee({ amount: tx.fee, gasLimit: tx.gasLimit, payer: tx.feePayer });
  if (tx.signatures.length === 0) throw SdkErrors.NoSignatures.error();
  if (tx.signatures.length !== tx.signers.length) {
    throw SdkErrors.Unauthorized.wrap(`wrong number of signers; expected ${tx.signers.length}, got ${tx.signatures.length}`);
  }
  // TxTimeoutHeightDecorator
  if (tx.timeoutHeight > 0n && ctx.block.height > tx.timeoutHeight) {
    throw SdkErrors.TxTimeoutHeight.wrap(`block height: ${ctx.block.height}, timeout height: ${tx.timeoutHeight}`);
  }
  // ValidateMemoDecorator
  const memoLength = [...tx.memo].length;
  if (BigInt(memoLength) > params.max_memo_characters) {
    throw SdkErrors.MemoTooLarge.wrap(`maximum number of characters is ${params.max_memo_characters} but received ${memoLength} characters`);
  }
  // ConsumeGasForTxSizeDecorator; when simulating, each signer whose signature is still empty also
  // pays for the size of a full amino StdSignature (pubkey + 64-byte signature) + 6, which the tx
  // lacks (a signed tx, simulated as it will be sent, pays only for its bytes: `isIncompleteSignature`)
  ctx.gas.consume(Number(params.tx_size_cost_per_byte) * input.txSize, 'txSize');
  if (simulate) {
    for (const [i, si] of tx.signerInfos.entries()) {
      if ((tx.signatures[i]?.length ?? 0) > 0) continue;
      const keyLength = si.pubKey?.key.length ?? 33;
      const stdSignatureLength = 2 + (4 + 1 + keyLength) + 2 + 64;
      ctx.gas.consume(Number(params.tx_size_cost_per_byte) * (stdSignatureLength + 6), 'txSize');
    }
  }

  // DeductFeeDecorator
  if (!simulate && ctx.block.height > 0n && tx.gasLimit === 0n) throw SdkErrors.InvalidGasLimit.wrap('must provide positive gas');
  if (mode === 'check') checkMinGasPrices(fee, tx.gasLimit, input.minGasPrices);
  if (tx.feeGranter) throw SdkErrors.InvalidRequest.wrap('fee grants are not enabled');
  const payer = tx.feePayer;
  if (!getAccount(draft, payer)) throw SdkErrors.UnknownAddress.wrap(`fee payer address: ${payer} does not exist`);
  // SDK `!fee.IsZero()`: a fee of zero coins (what `--gas auto --gas-prices …` simulates with, gas 0)
  // deducts nothing and is not validated
  if (fee.some((c) => c.amount !== 0n)) {
    if (validateCoins(fee) !== undefined) throw SdkErrors.InsufficientFee.wrap(`invalid fee amount: ${formatCoins(fee)}`);
    try {
      sendCoinsFromAccountToModule(draft, payer, 'fee_collector', fee, ctx);
    } catch (e) {
      if (e instanceof ChainError && SdkErrors.InsufficientFunds.is(e)) throw SdkErrors.InsufficientFunds.wrap(e.message);
      throw e;
    }
  }
  ctx.emit({ type: 'tx', data: { fee, fee_payer: payer } });

  // SetPubKeyDecorator; each signer's account is read here once and kept (with the key it sets)
  // for the decorators below, which write nothing else to accounts
  const accounts: AccountRecord[] = [];
  tx.signerInfos.forEach((si, i) => {
    const signer = tx.signers[i]!;
    const account = getAccount(draft, signer);
    if (!account) throw SdkErrors.UnknownAddress.wrap(`account ${signer} does not exist`);
    accounts[i] = account;
    if (!si.pubKey) {
      // simulate stores a placeholder key: charge the same account write
      if (simulate && !account.pub_key) ctx.gas.write(21, 130);
      return;
    }
    if (!simulate && !bytesEqual(memoPubKeyAddress(si.pubKey), tx.signerBytes[i]!)) {
      throw SdkErrors.InvalidPubKey.wrap(`pubKey does not match signer address ${signer} with signer index: ${i}`);
    }
    if (!account.pub_key) accounts[i] = setPubKey(draft, account, si.pubKeyRecord!, ctx);
  });
  tx.signerInfos.forEach((si, i) => {
    ctx.emit({ type: 'tx', data: { acc_seq: `${tx.signers[i]}/${si.sequence}` } });
    const sig = tx.signatures[i];
    if (sig && sig.length > 0) ctx.emit({ type: 'tx', data: { signature: sig } });
  });

  // ValidateSigCountDecorator
  if (BigInt(tx.signerInfos.length) > params.tx_sig_limit) {
    throw SdkErrors.TooManySignatures.wrap(`signatures: ${tx.signerInfos.length}, limit: ${params.tx_sig_limit}`);
  }

  // SigGasConsumeDecorator: priced by the key on the account (set above), a secp256k1 placeholder
  // when simulating for an account without one
  const accountKeys = tx.signerInfos.map((si, i) => {
    const stored = accounts[i]!.pub_key;
    const pub = stored ? si.accountPubKey(stored) : si.pubKey;
    ctx.gas.consume(sigGas(pub, params.sig_verify_cost_secp256k1), 'ante verify: ' + (pub?.algo ?? 'secp256k1'));
    return stored ? pub : null;
  });

  // SigVerificationDecorator
  tx.signerInfos.forEach((si, i) => {
    const account = accounts[i]!;
    const pub = accountKeys[i]!;
    if (!pub && !simulate) throw SdkErrors.InvalidPubKey.wrap('pubkey on account is not set');
    if (si.sequence !== account.sequence) {
      throw SdkErrors.WrongSequence.wrap(`account sequence mismatch, expected ${account.sequence}, got ${si.sequence}`);
    }
    if (simulate || mode === 'recheck' || mode === 'replay') return;
    // at genesis (gentxs) the account number in the sign doc is 0
    const accountNumber = ctx.block.height === 0n ? 0n : account.account_number;
    // a tx seen by CheckTx (or checked ahead, src/abci/preverify.ts) is verified once: same bytes,
    // signer, account number, chain id and key
    const memo = signatureMemo(i, accountNumber, ctx.block.chainId);
    if (tx.verified.get(memo) === pub) return;
    // a sign mode the chain does not verify, or a fee payer signing with DIRECT_AUX, fails as a bad
    // signature does (VerifySignature's error is wrapped into the same message)
    let signBytes: Uint8Array | undefined;
    try {
      signBytes = tx.signBytes(i, si, ctx.block.chainId, accountNumber, pub!);
    } catch (e) {
      if (!(e instanceof ChainError)) throw e;
    }
    if (signBytes && verifySignature(pub!, signBytes, tx.signatures[i]!)) {
      tx.verified.set(memo, pub!);
    } else {
      throw SdkErrors.Unauthorized.wrap(
        `signature verification failed; please verify account number (${accountNumber}), sequence (${account.sequence}) and chain-id (${ctx.block.chainId})`,
      );
    }
  });

  // IncrementSequenceDecorator
  tx.signers.forEach((signer, i) => incrementSequence(draft, accounts[i] ?? existingAccount(draft, signer), ctx));
}

/** The key of `TxView.verified` for one signature. */
export function signatureMemo(signerIndex: number, accountNumber: bigint, chainId: string): string {
  return `${signerIndex}/${accountNumber}/${chainId}`;
}

function sigGas(pub: PubKey | null, secpCost: bigint): number {
  if (pub?.algo === 'eth_secp256k1') return ETH_SECP256K1_VERIFY_COST;
  return Number(secpCost);
}

export type { SignerView };
