/**
 * Given `--api.enabled-unsafe-cors`, requests are judged as gorilla/handlers CORS with the SDK's
 * options (AllowedHeaders Content-Type) judges them.
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { corsDecision } from '../../../src/api/rest/cors.ts';

const request = (method: string, headers: Record<string, string>) => ({ method, headers }) as unknown as IncomingMessage;

describe('corsDecision', () => {
  it('a request without Origin is not a CORS request', () => {
    expect(corsDecision(request('GET', {}))).toEqual({ kind: 'pass' });
    expect(corsDecision(request('OPTIONS', {}))).toEqual({ kind: 'pass' });
  });

  it('a cross-origin GET or POST is served with Allow-Origin *', () => {
    expect(corsDecision(request('GET', { origin: 'https://app.example' }))).toEqual({ kind: 'serve', headers: { 'Access-Control-Allow-Origin': '*' } });
    expect(corsDecision(request('POST', { origin: 'https://app.example' }))).toEqual({ kind: 'serve', headers: { 'Access-Control-Allow-Origin': '*' } });
  });

  it('a preflight for POST with Content-Type is allowed and echoes the header', () => {
    const d = corsDecision(request('OPTIONS', { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, accept' }));
    expect(d).toEqual({ kind: 'answer', status: 200, headers: { 'Access-Control-Allow-Headers': 'Content-Type', 'Access-Control-Allow-Origin': '*' } });
  });

  it('preflight refusals: no method 400, other methods 405, other headers 403', () => {
    expect(corsDecision(request('OPTIONS', { origin: 'x' }))).toEqual({ kind: 'answer', status: 400, headers: {} });
    expect(corsDecision(request('OPTIONS', { origin: 'x', 'access-control-request-method': 'DELETE' }))).toEqual({ kind: 'answer', status: 405, headers: {} });
    expect(corsDecision(request('OPTIONS', { origin: 'x', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-cosmos-block-height' }))).toEqual({
      kind: 'answer',
      status: 403,
      headers: {},
    });
  });
});
