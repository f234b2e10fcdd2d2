/**
 * `config/app.toml`: the application's configuration with the SDK v0.47 keys and defaults
 * (`server/config/config.go` `DefaultConfig`) plus the chain's sections `[evm]`, `[json-rpc]`,
 * `[tls]` and its default `minimum-gas-prices` of 1 gwei in wei (reference/wire-formats.md §2.7,
 * stratos-chain `server/config/config.go` `DefaultMinGasPrices`).
 */
import type { TomlTable } from 'smol-toml';
import { DEFAULT_POT_NODE_SETTINGS } from '../modules/pot/node-settings.ts';

export const APP_TOML_HEADER = `# This is a TOML config file.
# For more information, see https://github.com/toml-lang/toml
`;

/** 1 gwei per gas unit, written in the base denom. */
export const DEFAULT_MIN_GAS_PRICES = '1000000000wei';

export function defaultAppConfig(): TomlTable {
  return {
    'minimum-gas-prices': DEFAULT_MIN_GAS_PRICES,
    // the SDK writes the three pruning numbers as strings
    pruning: 'default',
    'pruning-keep-recent': '0',
    'pruning-keep-every': '0',
    'pruning-interval': '0',
    'halt-height': 0,
    'halt-time': 0,
    'min-retain-blocks': 0,
    'inter-block-cache': true,
    'index-events': [],
    'iavl-cache-size': 781250,
    'iavl-disable-fastnode': false,
    'iavl-lazy-loading': false,
    'app-db-backend': '',
    telemetry: {
      'service-name': '',
      enabled: false,
      'enable-hostname': false,
      'enable-hostname-label': false,
      'enable-service-label': false,
      'prometheus-retention-time': 0,
      'global-labels': [],
    },
    api: {
      enable: false,
      swagger: false,
      address: 'tcp://0.0.0.0:1317',
      'max-open-connections': 1000,
      'rpc-read-timeout': 10,
      'rpc-write-timeout': 0,
      'rpc-max-body-bytes': 1000000,
      'enabled-unsafe-cors': false,
    },
    grpc: {
      enable: true,
      address: '0.0.0.0:9090',
      'max-recv-msg-size': '10485760',
      'max-send-msg-size': '2147483647',
    },
    'grpc-web': {
      enable: true,
      address: '0.0.0.0:9091',
      'enable-unsafe-cors': false,
    },
    'state-sync': {
      'snapshot-interval': 0,
      'snapshot-keep-recent': 2,
    },
    mempool: { 'max-txs': 5000 },
    evm: {
      tracer: '',
      'max-tx-gas-wanted': 500000,
    },
    'json-rpc': {
      enable: true,
      address: '0.0.0.0:8545',
      'ws-address': '0.0.0.0:8546',
      api: 'eth,net,web3',
      'gas-cap': 25000000,
      'evm-timeout': '5s',
      'txfee-cap': 1,
      'filter-cap': 200,
      'feehistory-cap': 100,
      'logs-cap': 10000,
      'block-range-cap': 10000,
      'http-timeout': '30s',
      'http-idle-timeout': '2m0s',
    },
    tls: {
      'certificate-path': '',
      'key-path': '',
    },
    // the simulator's pot settings (docs/pot.md): every node of a network must agree on them
    pot: {
      'bls-verifier': DEFAULT_POT_NODE_SETTINGS.blsVerifier,
      'restore-total-supply': DEFAULT_POT_NODE_SETTINGS.restoreTotalSupply,
    },
  };
}
