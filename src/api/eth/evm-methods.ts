/**
 * The `eth` methods of the EVM on a chain where no EVM runs (reference B.6). What the real chain
 * answers while no contract exists is answered from the chain:
 * - `eth_getCode` `"0x"`, `eth_getStorageAt` 32 zero bytes;
 * - `eth_call` with empty input to an address (none has code) `"0x"`, `eth_estimateGas` of such a
 *   plain value transfer `0x5208` (21,000);
 * - `eth_getLogs`, `eth_newFilter`, `eth_getFilterLogs`: no logs, `[]`, with the node's
 *   `logs-cap` / `block-range-cap` / `filter-cap` errors (src/api/eth/logs.ts, filters.ts).
 * Like every state read, these answer `null` at a block number above the head (reference B.3).
 * Everything that would execute EVM code — a call or estimate with input, or without `to` (a
 * contract creation) — and the sending, signing and proof methods answer -32000 (the node's code for
 * an error its handler returns) with one fixed message, EVM_UNSUPPORTED. Arguments decode first, as
 * geth decodes them before the handler runs (-32602).
 */
import type { Node } from '../../node/node.ts';
import { stateAtRef } from './block-ref.ts';
import { EthRpcError, ETH_DEFAULT_ERROR, type EthJson, type EthMethod } from './dispatch.ts';
import { filterCriteria, type FilterCriteria } from './filter-criteria.ts';
import type { EthFilters } from './filters.ts';
import { quantity, ZERO_HASH } from './hexutil.ts';
import { checkGetLogs, DEFAULT_LOG_CAPS, queryLogs, type LogCaps } from './logs.ts';
import { address, anyValue, big, blockNumber, blockNumberOrHash, bytes, hash, object, optional, string, strings, uint64, type ArgType, type BlockNumber, type BlockRef } from './params.ts';
import { callData, transactionArgs, type TransactionArgs } from './transaction-args.ts';

/** The code of a refused EVM method (the node's code for handler errors). */
const NO_EVM_CODE = ETH_DEFAULT_ERROR;

/** The one message of every refused EVM method (reference B.6). */
const EVM_UNSUPPORTED = 'EVM execution is not supported by this simulator';

/** The gas of a plain value transfer (`params.TxGas`). */
const TRANSFER_GAS = 21_000n;

/** method → its arguments' Go types (stratos-chain rpc/namespaces/ethereum/eth), decoded before the refusal. */
const REFUSED: Readonly<Record<string, readonly ArgType<unknown>[]>> = {
  eth_sendRawTransaction: [bytes],
  eth_sendTransaction: [transactionArgs],
  eth_fillTransaction: [transactionArgs],
  eth_resend: [transactionArgs, optional(big), optional(uint64)],
  eth_sign: [address, bytes],
  eth_signTypedData: [address, object('apitypes.TypedData')],
  eth_getProof: [address, strings, blockNumberOrHash],
  eth_getTransactionLogs: [hash],
  // the reference does not say what this answers without an EVM: refused as before
  eth_getPendingTransactions: [],
};

function refuse(): never {
  throw new EthRpcError(NO_EVM_CODE, EVM_UNSUPPORTED);
}

/** A call that executes no code: to an address (no address has code) with empty input. */
function runsNoCode(args: TransactionArgs): boolean {
  return args.to !== undefined && callData(args).length === 0;
}

export interface EvmMethodsOptions {
  readonly node: Node;
  readonly filters: EthFilters;
  /** `json-rpc.logs-cap`, `json-rpc.block-range-cap` */
  readonly logCaps?: LogCaps;
}

const method = (args: EthMethod['args'], run: EthMethod['run']): EthMethod => ({ args, run });

export function evmMethods(o: EvmMethodsOptions): Map<string, EthMethod> {
  const { node } = o;
  const caps = o.logCaps ?? DEFAULT_LOG_CAPS;
  const logs = (crit: FilterCriteria): EthJson => queryLogs(node, crit, caps);
  /** `answer` at the state of `ref`; null above the head */
  const atState = (ref: BlockRef, answer: () => EthJson): EthJson => (stateAtRef(node, ref) ? answer() : null);

  const methods: [string, EthMethod][] = [
    ['eth_getCode', method([address, blockNumberOrHash], ([, ref]) => atState(ref as BlockRef, () => '0x'))],
    ['eth_getStorageAt', method([address, string, blockNumberOrHash], ([, , ref]) => atState(ref as BlockRef, () => ZERO_HASH))],
    [
      'eth_call',
      method([transactionArgs, blockNumberOrHash, optional(anyValue)], ([args, ref]) =>
        atState(ref as BlockRef, () => (runsNoCode(args as TransactionArgs) ? '0x' : refuse())),
      ),
    ],
    [
      'eth_estimateGas',
      method([transactionArgs, optional(blockNumber)], ([args, n]) =>
        atState({ number: (n as BlockNumber | undefined) ?? 'pending' }, () => (runsNoCode(args as TransactionArgs) ? quantity(TRANSFER_GAS) : refuse())),
      ),
    ],
    [
      'eth_getLogs',
      method([filterCriteria], ([crit]) => {
        checkGetLogs(crit as FilterCriteria);
        return logs(crit as FilterCriteria);
      }),
    ],
    ['eth_newFilter', method([filterCriteria], ([crit]) => o.filters.newLogFilter(crit as FilterCriteria))],
    ['eth_getFilterLogs', method([string], ([id]) => logs(o.filters.logCriteria(id as string)))],
  ];
  for (const [name, args] of Object.entries(REFUSED)) methods.push([name, method(args, refuse)]);
  return new Map(methods);
}
