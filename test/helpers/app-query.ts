/** In-process App helpers for module tests: a protobuf query and events as plain pairs. */
import type { App } from '../../src/abci/app.ts';
import type { AbciEvent } from '../../src/events/event.ts';

/** A query through the protobuf path (request encoded, response decoded), or `{error}`. */
export function appQuery(app: App, service: string, method: string, req: Record<string, unknown> = {}): any {
  const c = app.codec;
  const reqType = `${service}.Query${method}Request`;
  const r = app.query(`/${service}.Query/${method}`, c.encode(reqType, c.create(reqType, req)));
  if (r.code !== 0) return { error: { code: r.code, codespace: r.codespace, log: r.log } };
  return c.decode(`${service}.Query${method}Response`, r.value);
}

/** ABCI events as `[type, {key: value}]` (order kept). */
export function eventsOf(events: readonly AbciEvent[], ...types: string[]): [string, Record<string, string>][] {
  return events.filter((e) => types.length === 0 || types.includes(e.type)).map((e) => [e.type, Object.fromEntries(e.attributes.map((a) => [a.key, a.value]))]);
}
