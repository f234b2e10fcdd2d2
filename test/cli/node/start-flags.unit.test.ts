/**
 * `chaind start` with bad flags and bad config values: exit 1 with the message, before anything
 * starts (no chain database appears); and the precedence flag > config file > default.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Dec } from '../../../src/math/dec.ts';
import { resolveStartSettings } from '../../../src/node/settings.ts';
import { tempHome } from '../run-chaind.ts';
import { chaind } from './in-process.ts';

let home: string;

beforeAll(async () => {
  home = await tempHome();
  expect((await chaind(['init', 'flags', '--home', home, '--chain-id', 'flags-1'])).code).toBe(0);
});

describe('chaind start refuses bad values before starting', () => {
  const cases: [string[], string][] = [
    [['--halt-height', 'abc'], 'invalid argument "abc" for "--halt-height" flag: strconv.ParseUint: parsing "abc": invalid syntax'],
    [['--halt-time', '-5'], 'invalid argument "-5" for "--halt-time" flag: strconv.ParseUint: parsing "-5": invalid syntax'],
    [['--consensus.create_empty_blocks=maybe'], 'invalid argument "maybe" for "--consensus.create_empty_blocks" flag: strconv.ParseBool: parsing "maybe": invalid syntax'],
    [['--consensus.create_empty_blocks_interval', '5x'], 'invalid argument "5x" for "--consensus.create_empty_blocks_interval" flag: time: unknown unit "x" in duration "5x"'],
    [['--consensus.timeout_commit', '10'], 'invalid argument "10" for "--consensus.timeout_commit" flag: time: missing unit in duration "10"'],
    [['--pruning', 'sometimes'], 'unknown pruning strategy sometimes'],
    [
      ['--pruning', 'custom', '--pruning-keep-recent', '5', '--pruning-interval', '5'],
      `invalid custom pruning options: 'pruning-interval' must not be less than 10. For the most aggressive pruning, select pruning = "everything"`,
    ],
    [
      ['--pruning', 'custom', '--pruning-keep-recent', '1', '--pruning-interval', '10'],
      `invalid custom pruning options: 'pruning-keep-recent' must not be less than 2. For the most aggressive pruning, select pruning = "everything"`,
    ],
    [['--pruning', 'custom'], `invalid custom pruning options: 'pruning-interval' must not be 0. If you want to disable pruning, select pruning = "nothing"`],
    [['--db_backend', 'rocksdb'], 'db_backend "rocksdb" is not supported: this node keeps the chain in its built-in SQLite store (<db_dir>/chain.sqlite), selected by the default "goleveldb"'],
    [['--db_backend', 'mysql'], 'unknown db_backend mysql, expected one of goleveldb,cleveldb,boltdb,rocksdb,badgerdb'],
    [
      ['--with-tendermint=false'],
      '--with-tendermint=false runs the application alone behind an ABCI socket for an external consensus engine; that socket server is not available yet. Start with the in-process consensus engine (--with-tendermint=true, the default).',
    ],
    [['--log_format', 'xml'], `unknown log_format "xml" (must be 'plain' or 'json')`],
    [['--log_level', 'loud'], 'failed to parse log level (loud): expected one of trace|debug|info|warn|error|fatal|panic|disabled or module filters such as "state:info,*:error"'],
    [['--minimum-gas-prices', 'abc'], 'invalid minimum-gas-prices "abc": invalid decimal coin expression: abc (expected one coin such as 1000000000wei or 1gwei)'],
    [['--minimum-gas-prices', '5foo'], 'invalid minimum-gas-prices "5foo": the price must be in wei (or gwei/stos, which convert to it)'],
    [['--genesis_hash', 'zz'], `invalid argument "zz" for "--genesis_hash" flag: encoding/hex: invalid byte: U+007A 'z'`],
    [['--rpc.laddr', 'localhost'], 'invalid rpc.laddr "localhost": expected host:port, e.g. tcp://127.0.0.1:26657'],
    [['--abci', 'pipe'], 'invalid --abci "pipe": expected socket or grpc'],
    [['--evm.tracer', 'fancy'], 'invalid evm tracer type "fancy", available types: json, struct, access_list, markdown'],
    [['--json-rpc.filter-cap', '99999999999'], 'invalid argument "99999999999" for "--json-rpc.filter-cap" flag: strconv.ParseInt: parsing "99999999999": value out of range'],
    [['--json-rpc.api', 'eth,foo'], 'invalid --json-rpc.api "eth,foo": unknown namespace "foo", expected some of eth,net,web3,personal,txpool,debug,miner'],
    [['--json-rpc.address', '8545'], 'invalid json-rpc.address "8545": expected host:port, e.g. 127.0.0.1:8545'],
    [['--grpc.address', 'bogus'], 'invalid grpc.address "bogus": expected host:port, e.g. 127.0.0.1:9090'],
    [['--json-rpc.filter-cap', '-1'], '--json-rpc.filter-cap cannot be negative, got -1'],
  ];
  for (const [flags, message] of cases) {
    it(flags.join(' '), async () => {
      expect(await chaind(['start', '--home', home, ...flags])).toEqual({ code: 1, stdout: '', stderr: `Error: ${message}\n` });
    });
  }

  it('an external signer is refused', async () => {
    expect(await chaind(['start', '--home', home, '--priv_validator_laddr', 'tcp://127.0.0.1:1234'])).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error: an external signer (priv_validator_laddr "tcp://127.0.0.1:1234") is not supported: this node signs blocks with ${join(home, 'config/priv_validator_key.json')}\n`,
    });
  });

  it('a genesis hash that does not match', async () => {
    const wrong = 'AB'.repeat(32);
    const { createHash } = await import('node:crypto');
    const actual = createHash('sha256').update(readFileSync(join(home, 'config/genesis.json'))).digest('hex').toUpperCase();
    expect(await chaind(['start', '--home', home, '--genesis_hash', wrong])).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error: --genesis_hash=${wrong} does not match ${join(home, 'config/genesis.json')} hash: ${actual}\n`,
    });
  });

  it('an unknown flag (commander) and an uninitialised home', async () => {
    expect(await chaind(['start', '--home', home, '--no-such-flag'])).toEqual({ code: 1, stdout: '', stderr: "Error: unknown flag: --no-such-flag\nRun 'chaind start --help' for usage.\n" });
    const empty = await tempHome();
    expect(await chaind(['start', '--home', empty])).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error: couldn't read GenesisDoc file: open ${join(empty, 'config/genesis.json')}: no such file or directory (run "chaind init <moniker> --home ${empty}" first)\n`,
    });
  });

  it('a bad value in app.toml names the file and key', async () => {
    const h = await tempHome();
    expect((await chaind(['init', 'x', '--home', h])).code).toBe(0);
    const path = join(h, 'config/app.toml');
    writeFileSync(path, readFileSync(path, 'utf8').replace('halt-height = 0', 'halt-height = "soon"'));
    expect(await chaind(['start', '--home', h])).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error: invalid value for halt-height in ${path}: strconv.ParseUint: parsing "soon": invalid syntax\n`,
    });
  });

  it('nothing was started by any of the refused commands', () => {
    expect(existsSync(join(home, 'data/chain.sqlite'))).toBe(false);
  });
});

describe('start settings: a given flag, else the config files, else the default', () => {
  it('reads config.toml and app.toml, and flags win', async () => {
    const h = await tempHome();
    expect((await chaind(['init', 'p', '--home', h])).code).toBe(0);
    const config = join(h, 'config/config.toml');
    writeFileSync(config, readFileSync(config, 'utf8').replace('timeout_commit = "5s"', 'timeout_commit = "1s"').replace('create_empty_blocks = true', 'create_empty_blocks = false'));
    const app = join(h, 'config/app.toml');
    writeFileSync(
      app,
      readFileSync(app, 'utf8')
        .replace('minimum-gas-prices = "1000000000wei"', 'minimum-gas-prices = "5gwei"')
        .replace('pruning = "default"', 'pruning = "custom"')
        .replace('pruning-keep-recent = "0"', 'pruning-keep-recent = "7"')
        .replace('pruning-interval = "0"', 'pruning-interval = 20'),
    );
    const fromFiles = resolveStartSettings(h);
    expect(fromFiles.blockIntervalMs).toBe(1000);
    expect(fromFiles.createEmptyBlocks).toBe(false);
    expect(fromFiles.minGasPricesText).toBe('5000000000wei');
    expect(fromFiles.minGasPrices).toEqual([{ denom: 'wei', amount: Dec.fromInt(5_000_000_000n) }]);
    expect(fromFiles.pruning).toEqual({ strategy: 'custom', keepRecent: 7n, keepEvery: 0n, interval: 20n });
    expect(fromFiles.haltHeight).toBe(0n);
    expect(fromFiles.api).toEqual({ enable: false, address: 'tcp://0.0.0.0:1317', enableUnsafeCors: false });

    const given = new Map([
      ['consensus.timeout_commit', '250ms'],
      ['consensus.create_empty_blocks', 'true'],
      ['minimum-gas-prices', '0wei'],
      ['pruning', 'everything'],
      ['halt-height', '12'],
      ['api.enable', 'true'],
      ['p2p.seeds', 'abc@1.2.3.4:26656'],
    ]);
    const fromFlags = resolveStartSettings(h, given);
    expect(fromFlags.blockIntervalMs).toBe(250);
    expect(fromFlags.createEmptyBlocks).toBe(true);
    // stratos-chain raises prices below 0.01 gwei to that floor
    expect(fromFlags.minGasPricesText).toBe('10000000wei');
    expect(fromFlags.pruning).toEqual({ strategy: 'everything', keepRecent: 2n, keepEvery: 0n, interval: 10n });
    expect(fromFlags.haltHeight).toBe(12n);
    expect(fromFlags.api.enable).toBe(true);
    expect(fromFlags.notes).toEqual([
      "minimum-gas-prices 0wei is below the chain's floor; using 10000000wei",
      '--p2p.seeds has no effect: this simulator runs a single node without a P2P network',
      'gRPC-Web server not started (grpc-web.address 0.0.0.0:9091): gRPC-Web is not served by this simulator (the gRPC server is)',
    ]);
    // the SDK refuses state sync snapshots of a node that keeps no past state
    expect(() => resolveStartSettings(h, new Map([...given, ['state-sync.snapshot-interval', '100']]))).toThrow("cannot enable state sync snapshots with 'everything' pruning setting: error in app.toml");
  });

  it('the defaults of a fresh home', async () => {
    const h = await tempHome();
    expect((await chaind(['init', 'd', '--home', h])).code).toBe(0);
    const s = resolveStartSettings(h);
    expect([s.moniker, s.rpcLaddr, s.p2pLaddr, s.blockIntervalMs, s.createEmptyBlocks, s.createEmptyBlocksIntervalMs]).toEqual(['d', 'tcp://127.0.0.1:26657', 'tcp://0.0.0.0:26656', 5000, true, 0]);
    expect(s.minGasPricesText).toBe('1000000000wei');
    expect(s.pruning).toEqual({ strategy: 'default', keepRecent: 100n, keepEvery: 500n, interval: 10n });
    expect(s.jsonRpc).toEqual({ enable: true, address: '0.0.0.0:8545', wsAddress: '0.0.0.0:8546', api: ['eth', 'net', 'web3'], filterCap: 200, logsCap: 10_000, blockRangeCap: 10_000, feeHistoryCap: 100n, httpTimeoutMs: 30_000, httpIdleTimeoutMs: 120_000 });
    // eth_getLogs' caps from the flags (or app.toml); a negative one is refused
    const capped = resolveStartSettings(h, new Map([['json-rpc.logs-cap', '5'], ['json-rpc.block-range-cap', '7']])).jsonRpc;
    expect([capped.logsCap, capped.blockRangeCap]).toEqual([5, 7]);
    expect(() => resolveStartSettings(h, new Map([['json-rpc.block-range-cap', '-1']]))).toThrow('--json-rpc.block-range-cap cannot be negative, got -1');
    expect(s.layout.dbDir).toBe(join(h, 'data'));
    expect(s.mempool).toEqual({ size: 5000, maxTxsBytes: 1073741824, maxTxBytes: 1048576, cacheSize: 10000 });
    expect([s.logLevel, s.logFormat, s.rpcMaxBodyBytes, s.timeoutBroadcastTxCommitMs]).toEqual(['info', 'plain', 1000000, 10000]);
    expect(resolveStartSettings(h, new Map([['db_dir', 'elsewhere']])).layout.dbDir).toBe(join(h, 'elsewhere'));
    expect(s.rpcEventLimits).toEqual({ maxSubscriptionClients: 100, maxSubscriptionsPerClient: 5, subscriptionBufferSize: 200 });
  });

  it("the websocket's subscription limits come from config.toml [rpc]", async () => {
    const h = await tempHome();
    expect((await chaind(['init', 'd', '--home', h])).code).toBe(0);
    const file = join(h, 'config', 'config.toml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('max_subscriptions_per_client = 5', 'max_subscriptions_per_client = 1').replace('max_subscription_clients = 100', 'max_subscription_clients = 7'));
    expect(resolveStartSettings(h).rpcEventLimits).toEqual({ maxSubscriptionClients: 7, maxSubscriptionsPerClient: 1, subscriptionBufferSize: 200 });
    writeFileSync(file, readFileSync(file, 'utf8').replace('max_subscriptions_per_client = 1', 'max_subscriptions_per_client = -1'));
    expect(() => resolveStartSettings(h)).toThrow(`invalid value for rpc.max_subscriptions_per_client in ${file}: expected a non-negative integer, got -1`);
  });
});

describe('docs/node.md', () => {
  it('names every start flag and global flag', async () => {
    const { START_FLAGS, NODE_GLOBAL_FLAGS } = await import('../../../src/node/start-flags.ts');
    const doc = readFileSync(new URL('../../../docs/node.md', import.meta.url), 'utf8');
    const missing = [...START_FLAGS, ...NODE_GLOBAL_FLAGS].map((f) => `--${f.name}`).filter((name) => !doc.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});

describe('chaind start --help: the Ethereum JSON-RPC flags in stratos-chain server/start.go words', () => {
  it('keeps its texts, the copied gRPC sentence of --json-rpc.enable included', async () => {
    const help = (await chaind(['start', '--help'])).stdout;
    expect(help).toMatch(/--json-rpc\.enable \[bool\] +Define if the gRPC server should be enabled \(default true\)\n/);
    expect(help).toMatch(/--json-rpc\.gas-cap <value> +Sets a cap on gas that can be used in eth_call\/estimateGas unit is wei \(0=infinite\) \(default 25000000\)\n/);
    expect(help).toMatch(/--json-rpc\.txfee-cap <value> +Sets a cap on transaction fee that can be sent via the RPC APIs \(1 = default 1 wei\) \(default 1\)\n/);
  });
});
