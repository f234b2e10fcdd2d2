/** Ports for tests and benchmarks: free on 127.0.0.1, and distinct within a process. */
import { createServer, type Server } from 'node:net';

/** Ports this process has handed out: the kernel may offer a just-closed port again, and two servers of one test must not share one. */
const handedOut = new Set<number>();

/** A port nothing listens on now (127.0.0.1), never one this process was given before. Also the address of "no node there". */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

/** A port another server of this process listens on (127.0.0.1), for "address in use" tests; `close` frees it. */
export async function takenPort(): Promise<{ port: number; close: () => Promise<void> }> {
  const port = await freePort();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
