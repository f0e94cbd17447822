// A TCP proxy a test can cut: every connection through it is dropped and new ones are
// refused until it is restored. Stands in for a database that is briefly unreachable.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { testDatabaseUrl } from './env.ts';

export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server;
  let port = 0;
  let listening = false;
  const listen = () =>
    new Promise<void>((resolve) => {
      if (listening) return resolve();
      listening = true;
      server = createServer((client) => {
        const upstream = connect(targetPort, targetHost);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as { port: number }).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!listening) return resolve();
      listening = false;
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
  await listen();
  return { port, cut: stop, restore: listen, close: stop };
}

/** A proxy in front of the tests' database, and that database's URL through the proxy. */
export async function proxiedTestDatabase(): Promise<{ proxy: TcpProxy; url: string }> {
  const target = new URL(testDatabaseUrl());
  const proxy = await startTcpProxy(target.hostname, Number(target.port));
  const via = new URL(testDatabaseUrl());
  via.port = String(proxy.port);
  return { proxy, url: via.toString() };
}
