/**
 * Cosmos txs as Ethereum transaction objects and receipts (reference B.3, stratos-chain
 * `TmTxToEthTx`): `hash` is the CometBFT tx hash; `from` the first signer (the address of an
 * ethsecp256k1 signer key, else the first message's signer); `to` / `value` the recipient and the
 * wei amount of a bank MsgSend (else the zero address and 0: the Stratos messages' `GetWeb3Msg` is
 * not modelled); `gas` the fee's gas limit; `gasPrice` the fee in wei ÷ gas; `nonce` the signer's
 * sequence; `input` `0x`; `v`/`r`/`s` from the Cosmos signature; `type` the first two bytes of
 * SHA-1 of the first message's type URL (as the chain's profile spells it). The receipt: `status`
 * 1 iff the tx's code is 0, no logs, a zero bloom, `cumulativeGasUsed` over the block's earlier txs.
 */
import { createHash } from 'node:crypto';
import type { TxRecord } from '../../events/block-store.ts';
import type { Codec } from '../../codec/registry.ts';
import { decodeTxRaw, unpackTxAny } from '../../codec/tx.ts';
import { addressFromBech32 } from '../../crypto/address.ts';
import { ethAddress } from '../../crypto/ethsecp256k1.ts';
import { BASE_DENOM } from '../../math/denoms.ts';
import type { EthJson } from './dispatch.ts';
import { data, quantity, ZERO_ADDRESS } from './hexutil.ts';

/** Where a tx sits: its block and index. */
export interface TxPlace {
  readonly blockHash: string;
  readonly blockNumber: bigint;
  readonly index: number;
}

const ZERO_BLOOM = `0x${'00'.repeat(256)}`;

const hex0x = (bytes: Uint8Array) => data(bytes);
const txHashOf = (raw: Uint8Array) => `0x${createHash('sha256').update(raw).digest('hex')}`;

function accountBytes(bech32: unknown): Uint8Array | undefined {
  if (typeof bech32 !== 'string') return undefined;
  try {
    return addressFromBech32(bech32);
  } catch {
    return undefined;
  }
}

interface Coin {
  readonly denom: string;
  readonly amount: string;
}

/**
 * The Ethereum transaction object of a Cosmos tx (`fullTx` blocks, eth_getTransactionBy*); a tx
 * still in the mempool (`place` null) has null `blockHash`, `blockNumber` and `transactionIndex`.
 */
export function pseudoTransaction(codec: Codec, raw: Uint8Array, place: TxPlace | null): { [key: string]: EthJson } {
  const hash = txHashOf(raw);
  let from = ZERO_ADDRESS;
  let to: string = ZERO_ADDRESS;
  let value = 0n;
  let gas = 0n;
  let gasPrice = 0n;
  let nonce = 0n;
  let type = 0n;
  let v = 0n;
  let r = 0n;
  let s = 0n;
  try {
    const tx = decodeTxRaw(raw, codec);
    const first = tx.body.messages[0] as { type_url: string } | undefined;
    const msg = first ? unpackTxAny(codec, first as never) : undefined;
    if (first) type = BigInt(`0x${createHash('sha1').update(first.type_url).digest('hex').slice(0, 4)}`);
    const signerInfo = tx.authInfo.signer_infos[0] as { public_key: { type_url: string } | null; sequence: bigint } | undefined;
    if (signerInfo) nonce = BigInt(signerInfo.sequence);
    const key = signerInfo?.public_key && signerInfo.public_key.type_url.endsWith('ethsecp256k1.PubKey') ? (unpackTxAny(codec, signerInfo.public_key as never).value.key as Uint8Array) : undefined;
    const signerBytes = key ? ethAddress(key) : accountBytes(msg?.value.from_address ?? msg?.value.sender ?? msg?.value.delegator_address);
    if (signerBytes) from = hex0x(signerBytes);
    if (msg && msg.typeName.endsWith('bank.v1beta1.MsgSend')) {
      const recipient = accountBytes(msg.value.to_address);
      if (recipient) to = hex0x(recipient);
      value = BigInt((msg.value.amount as Coin[]).find((c) => c.denom === BASE_DENOM)?.amount ?? '0');
    }
    const fee = tx.authInfo.fee as { amount: Coin[]; gas_limit: bigint } | null;
    gas = BigInt(fee?.gas_limit ?? 0n);
    const feeWei = BigInt(fee?.amount.find((c) => c.denom === BASE_DENOM)?.amount ?? '0');
    gasPrice = gas > 0n ? feeWei / gas : 0n;
    const sig = tx.signatures[0];
    if (sig && sig.length >= 64) {
      r = BigInt(hex0x(sig.subarray(0, 32)));
      s = BigInt(hex0x(sig.subarray(32, 64)));
      v = 27n + BigInt(sig.length >= 65 ? sig[64]! : sig[0]! & 1);
    }
  } catch {
    // a tx the chain refused to decode is still in the block: only its hash is known
  }
  return {
    blockHash: place && place.blockHash,
    blockNumber: place && quantity(place.blockNumber),
    from,
    gas: quantity(gas),
    gasPrice: quantity(gasPrice),
    hash,
    input: '0x',
    nonce: quantity(nonce),
    to,
    transactionIndex: place && quantity(place.index),
    value: quantity(value),
    type: quantity(type),
    v: quantity(v),
    r: quantity(r),
    s: quantity(s),
  };
}

/**
 * The receipt of a Cosmos tx (`eth_getTransactionReceipt`); `earlier` are the block's txs before it.
 * The fields of stratos-chain's `TransactionReceipt`, in its order: no `type`, no
 * `effectiveGasPrice`.
 */
export function pseudoReceipt(codec: Codec, record: TxRecord, place: TxPlace, earlier: readonly TxRecord[]): { [key: string]: EthJson } {
  const tx = pseudoTransaction(codec, record.raw, place);
  const cumulative = earlier.reduce((sum, t) => sum + t.result.gas_used, 0n) + record.result.gas_used;
  return {
    status: record.result.code === 0 ? '0x1' : '0x0',
    cumulativeGasUsed: quantity(cumulative),
    logsBloom: ZERO_BLOOM,
    logs: [],
    transactionHash: tx.hash!,
    contractAddress: null,
    gasUsed: quantity(record.result.gas_used),
    blockHash: place.blockHash,
    blockNumber: quantity(place.blockNumber),
    transactionIndex: quantity(place.index),
    from: tx.from!,
    to: tx.to!,
  };
}

export { ZERO_BLOOM };
