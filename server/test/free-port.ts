/**
 * A loopback port nobody listens on at the moment of asking, chosen by the system: for a process
 * the caller is about to start (a test cluster, a benchmark's server), or to get a connection
 * refused at once. Another process may take it in between; callers that cannot afford that retry.
 */
import { createServer } from 'node:net';

export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('the system gave no port'))));
    });
  });
}
