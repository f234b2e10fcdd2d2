/**
 * The queue's Redis plumbing without a Redis server: queue URLs, the RESP client against a fake
 * server that answers in awkward chunks, and sweep ids.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { SweepJob } from '../../../src/sim/sweep/job.ts';
import { queueJobId, runQueueSweep, sweepId } from '../../../src/sim/sweep/queue.ts';
import { RespClient, parseRedisUrl } from '../../../src/sim/sweep/queue-redis.ts';

describe('parseRedisUrl', () => {
  it('reads host, port, credentials and database', () => {
    expect(parseRedisUrl('redis://127.0.0.1:6380')).toEqual({ host: '127.0.0.1', port: 6380 });
    expect(parseRedisUrl('redis://queue.lab')).toEqual({ host: 'queue.lab', port: 6379 });
    expect(parseRedisUrl('redis://sweeper:p%40ss@10.0.0.5:7000/3')).toEqual({ host: '10.0.0.5', port: 7000, username: 'sweeper', password: 'p@ss', db: 3 });
    expect(parseRedisUrl('redis://:secret@[::1]:6379')).toEqual({ host: '::1', port: 6379, password: 'secret' });
  });

  it('refuses what it cannot connect to, saying what is expected', () => {
    expect(() => parseRedisUrl('127.0.0.1:6379')).toThrow('invalid queue URL "127.0.0.1:6379": expected redis://host:port (e.g. redis://127.0.0.1:6379)');
    expect(() => parseRedisUrl('queue')).toThrow('invalid queue URL "queue": expected redis://host:port (e.g. redis://127.0.0.1:6379)');
    expect(() => parseRedisUrl('rediss://h:6379')).toThrow('invalid queue URL "rediss://h:6379": only redis:// is supported (no TLS)');
    expect(() => parseRedisUrl('redis://h:6379/sweeps')).toThrow('invalid queue URL "redis://h:6379/sweeps": the path is a database number');
  });
});

describe('RespClient', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A server that answers each complete command with the next canned reply, cut in 3-byte pieces. */
  function fakeRedis(replies: string[], seen: string[]): Promise<number> {
    server = createServer((socket: Socket) => {
      socket.on('data', (d) => {
        seen.push(d.toString('utf8'));
        const reply = Buffer.from(replies.shift() ?? '');
        let at = 0;
        const drip = () => {
          if (at >= reply.length) return;
          socket.write(reply.subarray(at, at + 3));
          at += 3;
          setImmediate(drip);
        };
        drip();
      });
    });
    return new Promise((resolve) => server!.listen(0, '127.0.0.1', () => resolve((server!.address() as { port: number }).port)));
  }

  it('encodes commands and decodes every reply type, also when split mid-character', async () => {
    const seen: string[] = [];
    const port = await fakeRedis(
      [
        '+OK\r\n',
        ':42\r\n',
        '$7\r\nrécolt\r\n',
        '$-1\r\n',
        '*3\r\n$1\r\na\r\n*2\r\n:1\r\n$0\r\n\r\n*-1\r\n',
        '-ERR wrong number of arguments\r\n',
        '*2\r\n+OK\r\n-WRONGTYPE Operation against a key holding the wrong kind of value\r\n',
      ],
      seen,
    );
    const client = new RespClient({ host: '127.0.0.1', port });
    let connected = 0;
    client.onconnect = () => connected++;
    await client.connect();
    expect(client.connected).toBe(true);
    expect(connected).toBe(1);
    expect(await client.send('SET', ['k', Buffer.from('v'), 5, undefined])).toBe('OK');
    expect(seen[0]).toBe('*5\r\n$3\r\nSET\r\n$1\r\nk\r\n$1\r\nv\r\n$1\r\n5\r\n$0\r\n\r\n');
    expect(await client.send('INCR', ['n'])).toBe(42);
    expect(await client.send('GET', ['k'])).toBe('récolt');
    expect(await client.send('GET', ['none'])).toBe(null);
    expect(await client.send('X', [])).toEqual(['a', [1, ''], null]);
    await expect(client.send('GET', [])).rejects.toThrow('ERR wrong number of arguments');
    const exec = (await client.send('EXEC', [])) as unknown[];
    expect(exec[0]).toBe('OK');
    expect(exec[1]).toBeInstanceOf(Error);
    expect((exec[1] as Error).message).toBe('WRONGTYPE Operation against a key holding the wrong kind of value');
    client.close();
    expect(client.connected).toBe(false);
    await expect(client.send('PING', [])).rejects.toThrow('Connection closed');
  });

  it('a connection the server drops rejects its pending commands with "Connection closed" and reports the close', async () => {
    server = createServer((socket) => socket.on('data', () => socket.destroy()));
    const port = await new Promise<number>((resolve) => server!.listen(0, '127.0.0.1', () => resolve((server!.address() as { port: number }).port)));
    const client = new RespClient({ host: '127.0.0.1', port });
    const closes: string[] = [];
    client.onclose = (e) => closes.push(e?.message ?? 'none');
    await client.connect();
    await expect(client.send('BZPOPMIN', ['q', '5'])).rejects.toThrow('Connection closed');
    expect(closes).toEqual(['Connection closed']);
    expect(client.connected).toBe(false);
    const copy = client.duplicate();
    expect(copy).not.toBe(client);
    expect(copy.target).toEqual({ host: '127.0.0.1', port });
  });

  it('an unreachable server rejects connect with where it tried', async () => {
    server = createServer();
    const port = await new Promise<number>((resolve) => server!.listen(0, '127.0.0.1', () => resolve((server!.address() as { port: number }).port)));
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    await expect(new RespClient({ host: '127.0.0.1', port }).connect()).rejects.toThrow(`cannot reach Redis at 127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`);
  });
});

describe('sweep ids', () => {
  const job: SweepJob = { id: '0-1', scenarioFile: 'a.yaml', scenarioText: 'name: a\n', settings: [{ path: 'x.y', value: '1' }], seed: 1, epochs: 2 };

  it('a hash of the jobs content: the same for the same jobs whatever the key order, different when a job differs', () => {
    const reordered = { epochs: 2, seed: 1, settings: [{ value: '1', path: 'x.y' }], scenarioText: 'name: a\n', scenarioFile: 'a.yaml', id: '0-1' } as SweepJob;
    expect(sweepId([job])).toMatch(/^[0-9a-f]{16}$/);
    expect(sweepId([reordered])).toBe(sweepId([job]));
    expect(sweepId([{ ...job, seed: 2 }])).not.toBe(sweepId([job]));
    expect(sweepId([{ ...job, home: '/runs/0-1' }])).not.toBe(sweepId([job]));
    expect(sweepId([job, { ...job, id: '0-2', seed: 2 }])).not.toBe(sweepId([{ ...job, id: '0-2', seed: 2 }, job]));
    expect(queueJobId('0123456789abcdef', job)).toBe('0123456789abcdef-0-1');
  });

  it('a sweep whose job ids repeat is refused before any connection', async () => {
    await expect(runQueueSweep([job, { ...job, seed: 2 }], { url: 'redis://127.0.0.1:1' })).rejects.toThrow("sweep job 0-1 appears twice: a sweep's job ids are unique");
  });
});
