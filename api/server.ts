import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import type { Services } from './context.ts';

export interface RunningApi {
  url: string;
  server: Server;
  close(): Promise<void>;
}

export async function startApiServer(services: Services, host: string, port: number): Promise<RunningApi> {
  const handle = createApp(services).callback();
  // handlers whose client hung up still run to the end (and write their audit rows): close
  // waits for them, not only for the sockets
  let inFlight = 0;
  let drained: (() => void) | null = null;
  const server = createServer((req, res) => {
    inFlight++;
    handle(req, res).finally(() => {
      if (--inFlight === 0) drained?.();
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    server,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), 5000);
      await closed;
      if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
      clearTimeout(force);
    },
  };
}
