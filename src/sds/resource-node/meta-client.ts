/** A resource node's client of its meta-node service (sp-protocol.ts), over HTTP. */
import type { SpOperation, SpRequests, SpResponses } from '../meta-node/sp-protocol.ts';

export class MetaClientError extends Error {}

export class MetaClient {
  constructor(readonly url: string) {}

  async call<K extends SpOperation>(op: K, request: SpRequests[K], timeoutMs = 60_000): Promise<SpResponses[K]> {
    let res: Response;
    try {
      res = await fetch(`${this.url}/sp/${op}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      const cause = (e as { cause?: { code?: string } }).cause?.code;
      throw new MetaClientError(`meta node ${this.url} unreachable (${op}): ${cause ?? (e as Error).message}`);
    }
    const text = await res.text();
    if (!res.ok) throw new MetaClientError(`meta node ${this.url} answered ${res.status} to ${op}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as SpResponses[K];
  }
}
