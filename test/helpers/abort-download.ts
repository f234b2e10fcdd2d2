/** A client that stops a download: POSTs `url`, reads `bytes` of the answer, then drops the connection. */
import { request } from 'node:http';

export function readThenAbort(url: string, bytes = 64 * 1024): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const r = request(url, { method: 'POST' }, (res) => {
      let n = 0;
      res.on('data', (d: Buffer) => {
        n += d.length;
        if (n >= bytes) {
          r.destroy();
          resolve();
        }
      });
    });
    r.on('error', () => undefined);
    r.end();
    setTimeout(() => reject(new Error(`no ${bytes} bytes from ${url} within 5 s`)), 5000);
  });
}
