/**
 * A difference between a running node and the in-process model (`sdsim check --node`): where
 * (height, what), and both sides' values, printed as the report's `node` and `model`.
 */

export class Divergence {
  constructor(
    /** the height whose results or state differ (0 for a CheckTx answer before any block) */
    readonly height: bigint,
    /** what differs, e.g. `tx 0 of block 12 (AB…): events[1].attributes[0].value` */
    readonly where: string,
    readonly node: unknown,
    readonly model: unknown,
    /** the whole objects around the difference, when they help to read it */
    readonly context?: { readonly node: unknown; readonly model: unknown },
    /** the tx whose answer or result differs, if one does (uppercase hex hash) */
    readonly txHash?: string,
  ) {}

  toJSON(): Record<string, unknown> {
    return { height: this.height.toString(), where: this.where, node: plain(this.node), model: plain(this.model), ...(this.context ? { context: plain(this.context) } : {}) };
  }
}

function plain(v: unknown): unknown {
  return JSON.parse(JSON.stringify(v ?? null, (_k, x) => (typeof x === 'bigint' ? x.toString() : x instanceof Uint8Array ? Buffer.from(x).toString('base64') : x)));
}

/** The first path where two JSON-like values differ (`a.b[2].c`), with both values there. */
export function compareJson(node: unknown, model: unknown, path = ''): { path: string; node: unknown; model: unknown } | undefined {
  if (Object.is(node, model)) return undefined;
  if (Array.isArray(node) && Array.isArray(model)) {
    for (let i = 0; i < Math.max(node.length, model.length); i++) {
      if (i >= node.length || i >= model.length) return { path: `${path}.length`, node: node.length, model: model.length };
      const d = compareJson(node[i], model[i], `${path}[${i}]`);
      if (d) return d;
    }
    return undefined;
  }
  if (isObject(node) && isObject(model)) {
    for (const k of new Set([...Object.keys(node), ...Object.keys(model)])) {
      const d = compareJson(node[k], model[k], path ? `${path}.${k}` : k);
      if (d) return d;
    }
    return undefined;
  }
  return { path: path || '(value)', node, model };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
