/**
 * Text forms of the node: Go durations, flag values with pflag's errors, the log line formats,
 * and the SDK's genesis-account sanitising.
 */
import { describe, expect, it } from 'vitest';
import { parseGoDuration } from '../../../src/node/go-duration.ts';
import { parseFlagText } from '../../../src/node/flag-value.ts';
import { createLogger, parseLogLevel } from '../../../src/node/logger.ts';
import { sanitizeGenesisAccounts } from '../../../src/modules/auth/genesis.ts';
import { sortedJson } from '../../../src/node/sorted-json.ts';
import type { AccountJson } from '../../../src/modules/auth/genesis.ts';

describe('Go durations', () => {
  it('parses as Go does', () => {
    const cases: [string, bigint][] = [
      ['5s', 5_000_000_000n],
      ['500ms', 500_000_000n],
      ['1m30s', 90_000_000_000n],
      ['168h0m0s', 604_800_000_000_000n],
      ['1.5s', 1_500_000_000n],
      ['.25s', 250_000_000n],
      ['0', 0n],
      ['-3s', -3_000_000_000n],
      ['2µs', 2_000n],
      ['1h', 3_600_000_000_000n],
    ];
    for (const [text, ns] of cases) expect(parseGoDuration(text), text).toBe(ns);
  });

  it("refuses with Go's texts", () => {
    expect(() => parseGoDuration('10')).toThrow('time: missing unit in duration "10"');
    expect(() => parseGoDuration('5x')).toThrow('time: unknown unit "x" in duration "5x"');
    expect(() => parseGoDuration('s')).toThrow('time: invalid duration "s"');
    expect(() => parseGoDuration('')).toThrow('time: invalid duration ""');
  });
});

describe('flag values', () => {
  it('parses booleans, integers, lists and hex as pflag/strconv do', () => {
    expect(['1', 't', 'TRUE', 'True', '0', 'f', 'false'].map((t) => parseFlagText('bool', t))).toEqual([true, true, true, true, false, false, false]);
    expect(parseFlagText('uint', '18446744073709551615')).toBe(18446744073709551615n);
    expect(() => parseFlagText('uint', '18446744073709551616')).toThrow('strconv.ParseUint: parsing "18446744073709551616": value out of range');
    expect(parseFlagText('int', '-3')).toBe(-3n);
    expect(parseFlagText('ints', '5,10')).toEqual([5n, 10n]);
    expect(parseFlagText('strings', 'eth,net')).toEqual(['eth', 'net']);
    expect(parseFlagText('hex', 'ab01')).toEqual(new Uint8Array([0xab, 0x01]));
    expect(() => parseFlagText('hex', 'abc')).toThrow('encoding/hex: odd length hex string');
    expect(parseFlagText('float', '1.5')).toBe(1.5);
  });
});

describe('log lines', () => {
  const t = Date.UTC(2024, 0, 2, 15, 4, 5);
  // zerolog's console writer prints the local time as Go's time.Kitchen ("3:04PM")
  const kitchen = new Date(t).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }).replace(/\s/g, '');

  it('plain: time, level, message, sorted fields; strings with spaces quoted', () => {
    const lines: string[] = [];
    const log = createLogger({ format: 'plain', filter: parseLogLevel('info'), write: (l) => lines.push(l), now: () => t });
    log.info('committed state', { module: 'state', height: 5n, num_txs: 0, app_hash: 'AB' });
    log.debug('hidden', { module: 'state' });
    log.error('pruning failed', { err: 'disk full' });
    expect(lines).toEqual([`${kitchen} INF committed state app_hash=AB height=5 module=state num_txs=0\n`, `${kitchen} ERR pruning failed err="disk full"\n`]);
  });

  it('json: one object per line with level first and message last', () => {
    const lines: string[] = [];
    const log = createLogger({ format: 'json', filter: parseLogLevel('info'), write: (l) => lines.push(l), now: () => t });
    log.info('committed state', { module: 'state', height: 5n, num_txs: 1 });
    expect(lines).toEqual(['{"level":"info","module":"state","height":5,"num_txs":1,"time":"2024-01-02T15:04:05Z","message":"committed state"}\n']);
  });

  it('levels and per-module filters', () => {
    const filter = parseLogLevel('state:debug,*:error');
    expect([filter('state', 'debug'), filter('server', 'info'), filter('server', 'error'), filter(undefined, 'warn')]).toEqual([true, false, true, false]);
    expect(parseLogLevel('disabled')('state', 'panic')).toBe(false);
    expect(() => parseLogLevel('state:loud')).toThrow('failed to parse log level (state:loud)');
  });
});

describe('genesis accounts', () => {
  const base = (address: string, n: string): AccountJson => ({ '@type': '/sdk.auth.v1beta1.BaseAccount', address, pub_key: null, account_number: n, sequence: '0' });

  it('SanitizeGenesisAccounts: duplicate numbers take the lowest unused ones, then sort by number', () => {
    const out = sanitizeGenesisAccounts([base('a', '0'), base('b', '5'), base('c', '0'), base('d', '0'), base('e', '2')]);
    expect(out.map((a) => ['address' in a ? a.address : '', 'account_number' in a ? a.account_number : ''])).toEqual([
      ['a', '0'],
      ['c', '1'],
      ['e', '2'],
      ['d', '3'],
      ['b', '5'],
    ]);
  });

  it('sorted JSON sorts keys at every depth, as MustSortJSON', () => {
    expect(sortedJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}');
  });
});
