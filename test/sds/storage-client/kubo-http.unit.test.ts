/**
 * Kubo's error trailer (reference §3.5): an error after a stream began goes in `X-Stream-Error`,
 * its text's UTF-8 bytes on one line as Go writes a header, whatever characters it holds.
 */
import { createServer, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sendKuboError, STREAM_HEADERS } from '../../../src/sds/storage-client/kubo-http.ts';

describe('sendKuboError after the stream began', () => {
  it('puts the message in the trailer: UTF-8 bytes kept, line breaks made spaces', async () => {
    const message = 'file «report.pdf» not found\nafter 3 tries';
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain', 'X-Stream-Output': '1', ...STREAM_HEADERS });
      res.write('part');
      sendKuboError(res, 500, message);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const answer = await new Promise<{ body: string; trailer: string | undefined }>((resolve, reject) => {
        request(`http://127.0.0.1:${(server.address() as { port: number }).port}/`, (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (d: string) => (body += d));
          res.on('end', () => resolve({ body, trailer: res.trailers['x-stream-error'] }));
        })
          .on('error', reject)
          .end();
      });
      expect(answer.body).toBe('part');
      expect(Buffer.from(answer.trailer!, 'latin1').toString('utf8')).toBe('file «report.pdf» not found after 3 tries');
    } finally {
      server.close();
    }
  });
});
