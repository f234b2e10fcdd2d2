/**
 * `chaind start` wiring: with `grpc.enable` (the default) the node serves gRPC on `grpc.address`
 * and logs it; with `--grpc.enable=false` there is no gRPC server and no port is taken. Either way
 * the node's own services (tx, consensus engine) answer abci_query.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryBalanceRequest, QueryBalanceResponse } from 'cosmjs-types/cosmos/bank/v1beta1/query';
import { GetTxRequest } from 'cosmjs-types/cosmos/tx/v1beta1/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/chaind.ts';
import { bufferOutput } from '../../../src/cli/output.ts';
import { createLogger, parseLogLevel } from '../../../src/node/logger.ts';
import { resolveStartSettings } from '../../../src/node/settings.ts';
import { startNode } from '../../../src/node/start.ts';
import { testKey } from '../../helpers/fixture.ts';
import { grpcCall } from './grpc-client.ts';

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'grpc-start-'));
  const out = bufferOutput();
  expect(await main(['init', 'g', '--home', home], { out })).toBe(0);
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

function start(flags: [string, string][]) {
  const lines: string[] = [];
  const settings = resolveStartSettings(home, new Map([['rpc.laddr', 'tcp://127.0.0.1:0'], ['json-rpc.enable', 'false'], ['consensus.timeout_commit', '50ms'], ...flags]));
  const logger = createLogger({ format: 'json', filter: parseLogLevel('info'), write: (line) => void lines.push(line) });
  return { lines, running: startNode(home, { settings, logger }) };
}

describe('chaind start and the gRPC server', { timeout: 30_000 }, () => {
  it('serves the query services on grpc.address and logs the address', async () => {
    const { lines, running } = start([['grpc.address', '127.0.0.1:0']]);
    const node = await running;
    try {
      expect(node.grpc).toBeDefined();
      const port = node.grpc!.address.port;
      expect(lines.some((l) => JSON.parse(l).module === 'grpc-server' && JSON.parse(l).address === `127.0.0.1:${port}`)).toBe(true);
      while (node.node.height < 1n) await new Promise((r) => setTimeout(r, 20));
      const address = testKey(5).address;
      const r = await grpcCall(port, '/sdk.bank.v1beta1.Query/Balance', Buffer.from(QueryBalanceRequest.encode({ address, denom: 'wei' }).finish()));
      expect([r.status, r.message]).toEqual([0, '']);
      expect(QueryBalanceResponse.decode(r.messages[0]!).balance).toEqual({ denom: 'wei', amount: '0' });
    } finally {
      await node.close();
    }
  });

  it('--grpc.enable=false starts no gRPC server', async () => {
    const { lines, running } = start([['grpc.enable', 'false'], ['grpc.address', '127.0.0.1:0']]);
    const node = await running;
    try {
      expect(node.grpc).toBeUndefined();
      expect(lines.some((l) => JSON.parse(l).module === 'grpc-server')).toBe(false);
      while (node.node.height < 1n) await new Promise((r) => setTimeout(r, 20));
      const hash = 'CD'.repeat(32);
      const r = node.node.query('/cosmos.tx.v1beta1.Service/GetTx', GetTxRequest.encode({ hash }).finish());
      expect([r.code, r.log]).toEqual([22, `rpc error: code = NotFound desc = tx not found: ${hash}: key not found`]);
    } finally {
      await node.close();
    }
  });
});
