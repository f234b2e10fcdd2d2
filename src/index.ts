/**
 * The chain core as a library (`import { Chain, appModules, … } from 'stsim'`; docs/library.md):
 * what an embedder needs to run the chain in-process — property-based conformance tests,
 * scenario replays — with the types of each. Everything here is the product's own implementation,
 * the same code `chaind start` and `sdsim` run; anything else under `dist/` is internal and may move.
 */

// the chain: the App (ABCI-style: InitChain, CheckTx, FinalizeBlock, Commit, Query) and the Chain
// (the App plus its SQLite block store, snapshots, replay and the RxJS stream of committed blocks)
export { App, type AppOptions, type TypedBlockEvents } from './abci/app.ts';
export { Chain, GenesisMismatchError, ReplayMismatchError, type BlockEvents, type ChainOptions, type CommittedBlock, type ReplayStats, type TxEvents } from './abci/chain.ts';
export { appModules, MODULES } from './abci/modules.ts';
export type { TxResult } from './abci/tx-result.ts';
export type { AppState } from './state/app-state.ts';

// genesis
export { defaultConsensusParams, parseGenesisDoc, type GenesisDoc } from './state/genesis.ts';
export { defaultAppState } from './node/init.ts';
export { addGenesisAccount, addGenesisAccounts } from './node/genesis-accounts.ts';

// keys, addresses and txs
export { makePrivKey, pubKeyAddress, pubKeyOf, signBytes, verifySignature, type KeyAlgo, type PrivKey, type PubKey } from './crypto/keys.ts';
export { derivePrivateKey, hdPath } from './crypto/hd.ts';
export { generateMnemonic } from './crypto/mnemonic.ts';
export { accAddress, addressFromBech32, consAddress, Hrp, sdsAddress, valAddress } from './crypto/address.ts';
export { signTx, type SignOptions, type TxMessage, type TxSigner, type UnsignedTx } from './client/sign-tx.ts';
export { codec, createCodec, type Codec } from './codec/registry.ts';

// events and search
export { toAbciEvent, type AbciAttribute, type AbciEvent, type ChainEvent, type PlainEvent, type SdkEvent, type TypedEvent } from './events/event.ts';
export { parseSearchQuery, QuerySyntaxError, type Condition } from './events/search-query.ts';
export type { BlockStore, SearchResult, TxRecord } from './events/block-store.ts';

// money and errors
export { Dec } from './math/dec.ts';
export { formatCoins, type Coins } from './math/coins.ts';
export type { Coin } from './math/coin.ts';
export { parseCoinsNormalized } from './math/coin-parse.ts';
export { ChainError, QueryError, SdkErrors } from './errors.ts';

// naming profiles (neutral words, or the real network's)
export { NEUTRAL, REAL, type NamingProfile } from './naming.ts';
