/** The gateway's counters in the Prometheus text format (`GET /metrics`). */

type Labels = Record<string, string>;

const key = (labels: Labels): string =>
  Object.entries(labels)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}="${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`)
    .join(',');

class Counter {
  readonly values = new Map<string, number>();

  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  inc(labels: Labels, by = 1): void {
    const k = key(labels);
    this.values.set(k, (this.values.get(k) ?? 0) + by);
  }

  text(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const [k, v] of [...this.values].sort(([a], [b]) => (a < b ? -1 : 1))) lines.push(`${this.name}{${k}} ${v}`);
    return lines.join('\n');
  }
}

export class GatewayMetrics {
  readonly requests = new Counter('gateway_requests_total', 'Requests answered, by route, tier and HTTP status.');
  readonly bytes = new Counter('gateway_bytes_total', 'Bytes received from clients (in) and sent to them (out), by tier.');
  readonly rejections = new Counter('gateway_rejections_total', 'Requests refused by the gateway, by tier and reason.');

  text(): string {
    return [this.requests, this.bytes, this.rejections].map((c) => c.text()).join('\n') + '\n';
  }
}
