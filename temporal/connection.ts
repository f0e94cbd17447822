// The one way this service opens a Temporal client connection (API, CLI, worker-side starters).
import { Client, Connection } from '@temporalio/client';

export interface TemporalTarget {
  address: string;
  namespace: string;
  /** Give up connecting after this long (the CLI answers fast when Temporal is down). */
  connectTimeoutMs?: number;
}

export async function connectTemporal(target: TemporalTarget): Promise<Client> {
  const connection = await Connection.connect({ address: target.address, connectTimeout: target.connectTimeoutMs });
  return new Client({ connection, namespace: target.namespace });
}

/** A client for one piece of work, closed afterwards. */
export async function withTemporal<T>(target: TemporalTarget, work: (client: Client) => Promise<T>): Promise<T> {
  const client = await connectTemporal(target);
  try {
    return await work(client);
  } finally {
    await client.connection.close();
  }
}

/** A client opened on first use and kept (a long-running process); a failed connect is retried next time. */
export function lazyTemporal(target: TemporalTarget): { get(): Promise<Client>; close(): Promise<void> } {
  let client: Promise<Client> | null = null;
  return {
    get: () =>
      (client ??= connectTemporal(target).catch((err) => {
        client = null;
        throw err;
      })),
    async close() {
      if (client) await (await client.catch(() => null))?.connection.close();
    },
  };
}
