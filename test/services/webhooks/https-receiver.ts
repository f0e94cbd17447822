// A real HTTPS webhook receiver on 127.0.0.1 for delivery tests: one server, one behaviour
// per path (so tests can run concurrently), every request recorded with its exact body.

import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Behaviour = (req: IncomingMessage, res: ServerResponse, body: string) => void;

export interface Receiver {
  port: number;
  /** Set what `path` answers. */
  on(path: string, behaviour: Behaviour): void;
  received(path: string): ReceivedRequest[];
  close(): Promise<void>;
}

export async function startReceiver(tls: { cert: string; key: string }): Promise<Receiver> {
  const behaviours = new Map<string, Behaviour>();
  const log: ReceivedRequest[] = [];
  const server: Server = createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      log.push({ method: req.method ?? '', path, headers: req.headers, body });
      const behaviour = behaviours.get(path);
      if (behaviour) behaviour(req, res, body);
      else res.writeHead(404).end('no behaviour for this path');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    on: (path, behaviour) => behaviours.set(path, behaviour),
    received: (path) => log.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
