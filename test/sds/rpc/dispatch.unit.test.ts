/**
 * The dispatcher alone: what the node's fork of geth's rpc package answers to one body, byte for
 * byte (the HTTP and IPC tests show the same over the wire).
 */
import { describe, expect, it } from 'vitest';
import { RpcDispatcher } from '../../../src/sds/rpc/dispatch.ts';
import { fakeNode } from './fixture.ts';

const E = (id: string, code: number, message: string): string => `{"jsonrpc":"2.0","id":${id},"error":{"code":${code},"message":${JSON.stringify(message)}}}`;

describe('RpcDispatcher', () => {
  it('answers a call with the result and the id echoed as given', async () => {
    const { dispatcher, seen } = fakeNode();
    expect(await dispatcher.handle('{"jsonrpc":"2.0","id":7,"method":"user_echo","params":[{"a":1}]}', 'http')).toBe(
      '{"jsonrpc":"2.0","id":7,"result":{"return":"0","got":{"a":1}}}',
    );
    expect(await dispatcher.handle('{"jsonrpc":"2.0","id":"req-1","method":"user_echo","params":[{}]}', 'ipc')).toBe(
      '{"jsonrpc":"2.0","id":"req-1","result":{"return":"0","got":{}}}',
    );
    // the id's text is kept: 1.50 stays 1.50, null is an id too (geth answers it)
    expect(await dispatcher.handle('{"id": 1.50 ,"method":"user_echo"}', 'http')).toBe('{"jsonrpc":"2.0","id":1.50,"result":{"return":"0","got":{}}}');
    expect(await dispatcher.handle('{"id":null,"method":"user_note"}', 'http')).toBe('{"jsonrpc":"2.0","id":null,"result":{"return":"0"}}');
    expect(seen.map((s) => s.transport)).toEqual(['http', 'ipc', 'http', 'http']);
  });

  it('gives the method {} when params is absent, null, [] or [null]', async () => {
    const { dispatcher, seen } = fakeNode();
    for (const params of ['', ',"params":null', ',"params":[]', ',"params":[null]']) {
      await dispatcher.handle(`{"jsonrpc":"2.0","id":1,"method":"user_note"${params}}`, 'http');
    }
    expect(seen.map((s) => s.params)).toEqual([{}, {}, {}, {}]);
  });

  it('matches Go: member names case-insensitively, the jsonrpc version unchecked', async () => {
    const { dispatcher } = fakeNode();
    expect(await dispatcher.handle('{"ID":3,"Method":"user_note","PARAMS":[{}]}', 'http')).toBe('{"jsonrpc":"2.0","id":3,"result":{"return":"0"}}');
  });

  it('answers an unknown or unserved method with -32601 and geth\'s text', async () => {
    const { dispatcher } = fakeNode();
    expect(await dispatcher.handle('{"jsonrpc":"2.0","id":1,"method":"user_nope","params":[{}]}', 'http')).toBe(
      E('1', -32601, 'the method user_nope does not exist/is not available'),
    );
    expect(await dispatcher.handle('{"jsonrpc":"2.0","id":1,"method":"owner_secret","params":[{}]}', 'http')).toBe(
      E('1', -32601, 'the method owner_secret does not exist/is not available'),
    );
    expect(await dispatcher.handle('{"jsonrpc":"2.0","id":1,"method":"nounderscore"}', 'http')).toBe(
      E('1', -32601, 'the method nounderscore does not exist/is not available'),
    );
  });

  it('rpc_modules lists the served namespaces that have methods, and rpc', async () => {
    const { dispatcher } = fakeNode();
    expect(await dispatcher.handle('{"jsonrpc":"2.0","id":1,"method":"rpc_modules"}', 'http')).toBe('{"jsonrpc":"2.0","id":1,"result":{"rpc":"1.0","user":"1.0"}}');
    const both = new RpcDispatcher(new Map([['owner_x', async () => 1], ['user_y', async () => 2]]), ['user', 'owner', 'empty']);
    expect(await both.handle('{"jsonrpc":"2.0","id":1,"method":"rpc_modules","params":[]}', 'ipc')).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"owner":"1.0","rpc":"1.0","user":"1.0"}}',
    );
    expect(await both.handle('{"jsonrpc":"2.0","id":1,"method":"rpc_modules","params":[{}]}', 'ipc')).toBe(E('1', -32602, 'too many arguments, want at most 0'));
  });

  it('answers bad params with -32602 and geth\'s texts', async () => {
    const { dispatcher, seen } = fakeNode();
    const ask = (params: string, method = 'user_note'): Promise<string | undefined> => dispatcher.handle(`{"jsonrpc":"2.0","id":1,"method":"${method}","params":${params}}`, 'http');
    expect(await ask('{"a":1}')).toBe(E('1', -32602, 'non-array args'));
    expect(await ask('"x"')).toBe(E('1', -32602, 'non-array args'));
    expect(await ask('[{},{}]')).toBe(E('1', -32602, 'too many arguments, want at most 1'));
    expect(await ask('["x"]')).toBe(E('1', -32602, 'invalid argument 0: json: cannot unmarshal string into Go value of type object'));
    expect(await ask('[5, {}]')).toBe(E('1', -32602, 'invalid argument 0: json: cannot unmarshal number into Go value of type object'));
    expect(await ask('[true]')).toBe(E('1', -32602, 'invalid argument 0: json: cannot unmarshal bool into Go value of type object'));
    expect(await ask('[[1]]', 'user_requestUpload')).toBe(E('1', -32602, 'invalid argument 0: json: cannot unmarshal array into Go value of type rpc.ParamReqUploadFile'));
    expect(await ask('[{}]', 'user_badField')).toBe(
      E('1', -32602, 'invalid argument 0: json: cannot unmarshal string into Go struct field ParamReqUploadFile.filesize of type int'),
    );
    expect(seen).toEqual([]);
  });

  it('answers bad JSON with -32700 parse error and invalid requests with -32600', async () => {
    const { dispatcher } = fakeNode();
    expect(await dispatcher.handle('{"jsonrpc":"2.0",', 'http')).toBe(E('null', -32700, 'parse error'));
    expect(await dispatcher.handle('nonsense', 'http')).toBe(E('null', -32700, 'parse error'));
    expect(await dispatcher.handle('{"jsonrpc":"2.0","id":4}', 'http')).toBe(E('4', -32600, 'invalid request'));
    expect(await dispatcher.handle('{"jsonrpc":"2.0","id":{"a":1},"method":"user_note"}', 'http')).toBe(E('null', -32600, 'invalid request'));
    expect(await dispatcher.handle('{"jsonrpc":"2.0","id":5,"method":7}', 'http')).toBe(E('5', -32600, 'invalid request'));
    expect(await dispatcher.handle('42', 'http')).toBe(E('null', -32600, 'invalid request'));
    // encoding/json's scanner stops at 10,000 levels of nesting: a parse error, as geth answers it
    expect(await dispatcher.handle(`${'['.repeat(10_000)}${']'.repeat(10_000)}`, 'http')).toBe(`[${E('null', -32600, 'invalid request')}]`);
    expect(await dispatcher.handle(`${'['.repeat(10_001)}${']'.repeat(10_001)}`, 'http')).toBe(E('null', -32700, 'parse error'));
    expect(await dispatcher.handle(`{"a":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_001)}`, 'http')).toBe(E('null', -32700, 'parse error'));
    expect(await dispatcher.handle('null', 'http')).toBe(E('null', -32600, 'invalid request'));
    // only the first JSON value of a body is read
    expect(await dispatcher.handle('{"id":1,"method":"user_note"} trailing garbage', 'http')).toBe('{"jsonrpc":"2.0","id":1,"result":{"return":"0"}}');
    // an empty body gets no answer
    expect(await dispatcher.handle('  \n', 'http')).toBeUndefined();
  });

  it('sends nothing for notifications, runs them anyway', async () => {
    const { dispatcher, seen } = fakeNode();
    expect(await dispatcher.handle('{"jsonrpc":"2.0","method":"user_note","params":[{"n":1}]}', 'http')).toBeUndefined();
    expect(await dispatcher.handle('{"jsonrpc":"2.0","method":"user_nope"}', 'http')).toBeUndefined();
    expect(seen).toEqual([{ method: 'user_note', params: { n: 1 }, transport: 'http' }]);
    // a response sent to the server is dropped
    expect(await dispatcher.handle('{"jsonrpc":"2.0","id":1,"result":{}}', 'http')).toBeUndefined();
  });

  it('answers batches in request order, omitting notifications; an empty batch is -32600', async () => {
    const { dispatcher } = fakeNode();
    const batch = JSON.stringify([
      { jsonrpc: '2.0', id: 1, method: 'user_echo', params: [{ x: 1 }] },
      { jsonrpc: '2.0', method: 'user_note', params: [{}] },
      { jsonrpc: '2.0', id: 'two', method: 'user_nope' },
      { jsonrpc: '2.0', id: 3, method: 'user_note', params: 'x' },
      5,
      { jsonrpc: '2.0', id: 4, method: 'rpc_modules' },
    ]);
    expect(await dispatcher.handle(batch, 'http')).toBe(
      '[' +
        [
          '{"jsonrpc":"2.0","id":1,"result":{"return":"0","got":{"x":1}}}',
          E('"two"', -32601, 'the method user_nope does not exist/is not available'),
          E('3', -32602, 'non-array args'),
          E('null', -32600, 'invalid request'),
          '{"jsonrpc":"2.0","id":4,"result":{"rpc":"1.0","user":"1.0"}}',
        ].join(',') +
        ']',
    );
    expect(await dispatcher.handle('[]', 'http')).toBe(E('null', -32600, 'empty batch'));
    expect(await dispatcher.handle('[{"jsonrpc":"2.0","method":"user_note"}]', 'http')).toBeUndefined();
  });

  it('runs batch elements concurrently', async () => {
    const { dispatcher } = fakeNode();
    // user_wait only returns once user_release ran: a sequential batch would never answer
    expect(await dispatcher.handle('[{"id":1,"method":"user_wait"},{"id":2,"method":"user_release"}]', 'ipc')).toBe(
      '[{"jsonrpc":"2.0","id":1,"result":{"return":"0","waited":true}},{"jsonrpc":"2.0","id":2,"result":{"return":"0"}}]',
    );
  });

  it('answers a crashing method with -32000 method handler crashed and keeps serving', async () => {
    const { dispatcher } = fakeNode();
    expect(await dispatcher.handle('{"jsonrpc":"2.0","id":9,"method":"user_crash","params":[{"sharelink":"abc"}]}', 'http')).toBe(E('9', -32000, 'method handler crashed'));
    expect(await dispatcher.handle('{"jsonrpc":"2.0","id":10,"method":"user_crash","params":[{"sharelink":"abcdefgh"}]}', 'http')).toBe('{"jsonrpc":"2.0","id":10,"result":{"return":"0"}}');
  });

  it('writes null for a method without a result and escapes HTML characters as Go does', async () => {
    const { dispatcher } = fakeNode();
    expect(await dispatcher.handle('{"id":1,"method":"user_nothing"}', 'http')).toBe('{"jsonrpc":"2.0","id":1,"result":null}');
    expect(await dispatcher.handle('{"id":"<&>","method":"user_html"}', 'http')).toBe('{"jsonrpc":"2.0","id":"\\u003c\\u0026\\u003e","result":{"text":"\\u003cb\\u003e\\u0026\\u003c/b\\u003e"}}');
  });

  it('has no subscriptions: notifications are unsupported over HTTP, unknown over IPC', async () => {
    const { dispatcher } = fakeNode();
    expect(await dispatcher.handle('{"id":1,"method":"user_subscribe","params":["uploads"]}', 'http')).toBe(E('1', -32000, 'notifications not supported'));
    expect(await dispatcher.handle('{"id":1,"method":"user_subscribe","params":["uploads"]}', 'ipc')).toBe(E('1', -32601, 'no "uploads" subscription in user namespace'));
    expect(await dispatcher.handle('{"id":1,"method":"user_unsubscribe","params":["0x1"]}', 'ipc')).toBe(E('1', -32000, 'subscription not found'));
  });
});
