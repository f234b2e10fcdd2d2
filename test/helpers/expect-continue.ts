/**
 * A POST with `Expect: 100-continue` whose body is sent only on `100 Continue`, as curl does: the
 * answer, whether `100 Continue` came (a refusal before it means the body was never sent), and
 * whether the request went over a reused connection.
 */
import { request, type Agent, type IncomingHttpHeaders } from 'node:http';

export interface ContinueAnswer {
  readonly continued: boolean;
  readonly reusedSocket: boolean;
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export function postExpectingContinue(url: string, body: Buffer, headers: Record<string, string> = {}, agent?: Agent, declaredLength = body.length): Promise<ContinueAnswer> {
  return new Promise((resolve, reject) => {
    let continued = false;
    const r = request(url, { method: 'POST', agent, headers: { ...headers, expect: '100-continue', 'content-length': String(declaredLength) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => {
        resolve({ continued, reusedSocket: r.reusedSocket, status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
        if (!continued) r.destroy(); // the body was never sent: this request cannot end
      });
      res.on('error', reject);
    });
    r.on('continue', () => {
      continued = true;
      r.end(body);
    });
    r.on('error', reject);
  });
}
