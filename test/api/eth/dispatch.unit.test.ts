// The Ethereum JSON-RPC's pieces without a node: the EVM chain id of a genesis, geth's argument
// decoding texts, and the dispatcher's envelope rules (notifications, batches, HTML escaping,
// subscriptions on a session).
import { describe, expect, it } from 'vitest';
import { EthDispatcher, EthSession, type EthMethod } from '../../../src/api/eth/dispatch.ts';
import { evmChainId } from '../../../src/api/eth/evm-chain-id.ts';
import { paramsError } from './params-error.ts';
import { address, blockNumber, blockNumberOrHash, decimalOrHex, parsePositional, ParamsError } from '../../../src/api/eth/params.ts';

const genesis = (chain_id: string, app_state: Record<string, unknown> = {}) => ({ chain_id, app_state });

describe('evmChainId', () => {
  it('genesis evm chain_config first, then an Ethermint-style chain id, else 2048', () => {
    expect(evmChainId(genesis('stratos-1'))).toBe(2048n);
    expect(evmChainId(genesis('stratos-1', { evm: { params: { chain_config: { chain_id: '2047' } } } }))).toBe(2047n);
    expect(evmChainId(genesis('ethermint_9000-1'))).toBe(9000n);
    expect(evmChainId(genesis('Ethermint_9000-1'))).toBe(2048n);
    expect(evmChainId(genesis('testnet'))).toBe(2048n);
  });
});

describe('positional arguments as geth decodes them', () => {
  const err = paramsError;

  it('block numbers: tags, hex, decimal text; errors of hexutil', () => {
    expect(parsePositional('["latest","0x10","16"]', [blockNumber, blockNumber, blockNumber])).toEqual(['latest', 16n, 16n]);
    expect(err('["0x"]', [blockNumber])).toBe('invalid argument 0: hex string "0x"');
    expect(err('["0x01"]', [blockNumber])).toBe('invalid argument 0: hex number with leading zero digits');
    expect(err('["0x10000000000000000"]', [blockNumber])).toBe('invalid argument 0: hex number > 64 bits');
    expect(err('["0x8000000000000000"]', [blockNumber])).toBe('invalid argument 0: block number larger than int64');
  });

  it("in geth's order: each given argument in turn, one too many after the others, then the missing ones", () => {
    expect(err('["0x", "latest"]', [blockNumber])).toBe('invalid argument 0: hex string "0x"');
    expect(err('["latest", "latest"]', [blockNumber])).toBe('too many arguments, want at most 1');
    expect(err('["0x"]', [blockNumber, blockNumber])).toBe('invalid argument 0: hex string "0x"');
    expect(err('["latest"]', [blockNumber, blockNumber])).toBe('missing value for required argument 1');
  });

  it('block number or hash: a hash, an object, not both', () => {
    const h = `0x${'ab'.repeat(32)}`;
    expect(parsePositional(`["${h}"]`, [blockNumberOrHash])).toEqual([{ hash: new Uint8Array(32).fill(0xab) }]);
    expect(parsePositional(`[{"blockNumber":"0x5"}]`, [blockNumberOrHash])).toEqual([{ number: 5n }]);
    expect(err(`[{"blockNumber":"0x5","blockHash":"${h}"}]`, [blockNumberOrHash])).toBe('invalid argument 0: cannot specify both BlockHash and BlockNumber, choose one or the other');
  });

  it('addresses and counts', () => {
    expect(err('[5]', [address])).toBe('invalid argument 0: json: cannot unmarshal non-string into Go value of type common.Address');
    expect(err(`["0x${'z'.repeat(40)}"]`, [address])).toBe('invalid argument 0: json: cannot unmarshal invalid hex string into Go value of type common.Address');
    expect(err('["0x123"]', [address])).toBe('invalid argument 0: json: cannot unmarshal hex string of odd length into Go value of type common.Address');
    expect(parsePositional('["10", "0xa", 10]', [decimalOrHex, decimalOrHex, decimalOrHex])).toEqual([10n, 10n, 10n]);
    expect(err('{}', [address])).toBe('non-array args');
    expect(err('[]', [address])).toBe('missing value for required argument 0');
    expect(err(undefined, [address])).toBe('missing value for required argument 0');
  });
});

describe('the dispatcher', () => {
  const methods = new Map<string, EthMethod>([
    ['eth_echo', { args: [], run: () => '<&>' }],
    ['eth_boom', { args: [], run: () => { throw new Error('internal'); } }],
  ]);
  const dispatcher = new EthDispatcher({ methods, namespaces: ['eth'], onCrash: () => undefined });
  const handle = async (text: string, session?: EthSession) => dispatcher.handle(Buffer.from(text), session);

  it('escapes HTML as Go does; notifications get no answer; a crash is "method handler crashed"', async () => {
    expect(await handle('{"jsonrpc":"2.0","id":"a","method":"eth_echo"}')).toBe('{"jsonrpc":"2.0","id":"a","result":"\\u003c\\u0026\\u003e"}');
    expect(await handle('{"jsonrpc":"2.0","method":"eth_echo"}')).toBeUndefined();
    expect(await handle('[{"jsonrpc":"2.0","method":"eth_echo"}]')).toBeUndefined();
    expect(await handle('')).toBeUndefined();
    expect(await handle('{"jsonrpc":"2.0","id":1,"method":"eth_boom"}')).toBe('{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"method handler crashed"}}');
  });

  it('subscriptions: kinds of served namespaces only, "expected subscription name", stops on close', async () => {
    let stopped = 0;
    let notify: ((r: unknown) => void) | undefined;
    const withSubs = new EthDispatcher({
      methods,
      namespaces: ['eth'],
      subscriptions: new Map([['eth', new Map([['ticks', { args: [], start: (_a: readonly unknown[], n: (r: never) => void) => ((notify = n as never), () => void stopped++) }]])]]),
    });
    const sent: string[] = [];
    const session = new EthSession((t) => sent.push(t));
    const answer = JSON.parse((await withSubs.handle(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"eth_subscribe","params":["ticks"]}'), session))!);
    notify!(7);
    expect(sent).toEqual([`{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"${answer.result}","result":7}}`]);
    expect(await withSubs.handle(Buffer.from('{"jsonrpc":"2.0","id":2,"method":"eth_subscribe","params":[1]}'), session)).toBe(
      '{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"expected subscription name as first argument"}}',
    );
    expect(await withSubs.handle(Buffer.from('{"jsonrpc":"2.0","id":3,"method":"net_subscribe","params":["ticks"]}'), session)).toBe(
      '{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"no \\"ticks\\" subscription in net namespace"}}',
    );
    session.close();
    expect(stopped).toBe(1);
  });
});
