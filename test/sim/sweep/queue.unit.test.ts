/**
 * The queue's plumbing without a Redis server (src/sim/sweep/queue.ts): queue URLs, a server that
 * does not answer (the call fails at once, saying where it tried, instead of ioredis' endless
 * retries), the queue's job ids and the sweep id they start with (sweepIdOf), and a sweep whose
 * job ids repeat.
 */
import { describe, expect, it } from 'vitest';
import type { SweepJob } from '../../../src/sim/sweep/job.ts';
import { connectRedis, parseRedisUrl, queueJobId, runQueueSweep, runQueueWorker } from '../../../src/sim/sweep/queue.ts';
import { sweepIdOf } from '../../../src/sim/sweep/sweep.ts';
import { freePort } from '../../helpers/free-port.ts';

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

describe('an unreachable Redis', () => {
  it('the sweep, the worker and a connection fail at once with where they tried, instead of retrying forever', async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    const message = `cannot reach Redis at 127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`;
    const started = performance.now();
    await expect(connectRedis(url)).rejects.toThrow(message);
    const job: SweepJob = { id: '0-1', scenarioFile: 'a.yaml', scenarioText: 'name: a\n', settings: [], seed: 1, epochs: 2 };
    await expect(runQueueSweep([job], { url })).rejects.toThrow(message);
    await expect(runQueueWorker({ url })).rejects.toThrow(message);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('job ids', () => {
  const job: SweepJob = { id: '0-1', scenarioFile: 'a.yaml', scenarioText: 'name: a\n', settings: [{ path: 'x.y', value: '1' }], seed: 1, epochs: 2 };

  it("a queue job id is the sweep's id (by default sweepIdOf: what the jobs run, not where homes go) and the job's, and a kept home's digest", () => {
    expect(sweepIdOf([job])).toMatch(/^[0-9a-f]{16}$/);
    expect(sweepIdOf([{ ...job }])).toBe(sweepIdOf([job]));
    expect(sweepIdOf([{ ...job, seed: 2 }])).not.toBe(sweepIdOf([job]));
    expect(sweepIdOf([{ ...job, home: '/runs/0-1' }])).toBe(sweepIdOf([job]));
    expect(sweepIdOf([job, { ...job, id: '0-2', seed: 2 }])).not.toBe(sweepIdOf([{ ...job, id: '0-2', seed: 2 }, job]));
    expect(queueJobId('0123456789abcdef', job)).toBe('0123456789abcdef-0-1');
    // a job that keeps its home is another queue job than one that does not, or keeps it elsewhere
    expect(queueJobId('0123456789abcdef', { ...job, home: '/runs/0-1' })).toBe('0123456789abcdef-0-1-d366ab72');
    expect(queueJobId('0123456789abcdef', { ...job, home: '/other/0-1' })).not.toBe(queueJobId('0123456789abcdef', { ...job, home: '/runs/0-1' }));
  });

  it('a sweep whose job ids repeat is refused before any connection', async () => {
    await expect(runQueueSweep([job, { ...job, seed: 2 }], { url: 'redis://127.0.0.1:1' })).rejects.toThrow("sweep job 0-1 appears twice: a sweep's job ids are unique");
  });
});
