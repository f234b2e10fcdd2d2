/**
 * The `eth` methods that need an EVM, which this node does not run: each answers code -32000 (what
 * the node answers for an error its handler returns) with a message naming the missing EVM. The
 * argument counts are the node's (`missing value for required argument N`, `too many arguments`
 * come first, as geth checks them before the handler runs).
 */
import { EthRpcError, ETH_DEFAULT_ERROR, type EthMethod } from './dispatch.ts';
import { anyValue, optional } from './params.ts';

/** The code of the "no EVM" answer (the node's code for handler errors). */
export const NO_EVM_CODE = ETH_DEFAULT_ERROR;

export function noEvmMessage(method: string): string {
  return `${method} needs the EVM (Ethereum Virtual Machine), which this node does not run: its Ethereum JSON-RPC serves reads of the chain (blocks, balances, nonces, fees) only`;
}

/** method → [required arguments, optional arguments] (stratos-chain rpc/namespaces/ethereum/eth). */
const EVM_METHODS: Readonly<Record<string, readonly [number, number]>> = {
  eth_call: [2, 1],
  eth_estimateGas: [1, 1],
  eth_sendRawTransaction: [1, 0],
  eth_sendTransaction: [1, 0],
  eth_fillTransaction: [1, 0],
  eth_resend: [1, 2],
  eth_sign: [2, 0],
  eth_signTypedData: [2, 0],
  eth_getCode: [2, 0],
  eth_getStorageAt: [3, 0],
  eth_getProof: [3, 0],
  eth_getTransactionLogs: [1, 0],
  eth_getLogs: [1, 0],
  eth_newFilter: [1, 0],
  eth_getFilterLogs: [1, 0],
  eth_newPendingTransactionFilter: [0, 0],
  eth_getPendingTransactions: [0, 0],
};

export const EVM_METHOD_NAMES: readonly string[] = Object.keys(EVM_METHODS);

export function evmMethods(): Map<string, EthMethod> {
  const out = new Map<string, EthMethod>();
  for (const [name, [required, opt]] of Object.entries(EVM_METHODS)) {
    out.set(name, {
      args: [...Array<typeof anyValue>(required).fill(anyValue), ...Array<ReturnType<typeof optional>>(opt).fill(optional(anyValue))],
      run: () => {
        throw new EthRpcError(NO_EVM_CODE, noEvmMessage(name));
      },
    });
  }
  return out;
}
