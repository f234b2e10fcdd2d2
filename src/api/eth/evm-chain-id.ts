/**
 * The EVM chain id that `eth_chainId` and `net_version` answer (reference B.3). Stratos keeps it in
 * genesis (`app_state.evm.params.chain_config.chain_id`, default 2048 = `0x800`); stock Ethermint
 * reads it from a Cosmos chain id of the form `name_EIP155-epoch` (`ethermint_9000-1` → 9000).
 * Order: the genesis value when present, else an Ethermint-form chain id, else 2048 — so a
 * mainnet-like chain (`stratos-1`, no evm section) answers `0x800` as the real network does.
 */
import type { GenesisDoc } from '../../state/genesis.ts';

/** stratos-chain x/evm `DefaultChainConfig` chain id */
export const DEFAULT_EVM_CHAIN_ID = 2048n;

/** Ethermint's chain-id form (`^[a-z]+_[1-9][0-9]*-[1-9][0-9]*$`, at most 48 characters). */
const ETHERMINT_CHAIN_ID = /^[a-z]+_([1-9][0-9]*)-[1-9][0-9]*$/;

export function evmChainId(genesis: Pick<GenesisDoc, 'chain_id' | 'app_state'>): bigint {
  const evm = genesis.app_state?.evm as { params?: { chain_config?: { chain_id?: unknown } } } | undefined;
  const fromGenesis = evm?.params?.chain_config?.chain_id;
  if ((typeof fromGenesis === 'string' && /^[1-9][0-9]*$/.test(fromGenesis)) || (typeof fromGenesis === 'number' && Number.isSafeInteger(fromGenesis) && fromGenesis > 0)) {
    return BigInt(fromGenesis);
  }
  const m = genesis.chain_id.length <= 48 ? ETHERMINT_CHAIN_ID.exec(genesis.chain_id) : null;
  return m ? BigInt(m[1]!) : DEFAULT_EVM_CHAIN_ID;
}
