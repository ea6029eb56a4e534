// A free TCP port on 127.0.0.1, chosen by the OS: the Playwright config and
// bench/lighthouse.js serve the playground on one, so two runs on one
// machine do not collide.
import { createServer } from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
