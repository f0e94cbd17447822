// A real Temporal worker on its own task queue, over the suite's prebuilt workflow bundle.
import { Client, Connection } from '@temporalio/client';
import type { Worker } from '@temporalio/worker';
import { createWorker } from '../../bin/start-worker.ts';
import { connect, type Sql } from '../../db/connect.ts';
import { testDatabaseUrl, testTemporalAddress, testWorkflowBundle } from './env.ts';

export interface TestWorker {
  client: Client;
  sql: Sql;
  taskQueue: string;
  worker: Worker;
  close(): Promise<void>;
}

export async function startTestWorker(
  taskQueue = `test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
  /** The worker's own database URL (e.g. through a proxy a test cuts); the suite's by default. */
  databaseUrl = testDatabaseUrl(),
): Promise<TestWorker> {
  const sql = connect(databaseUrl, { max: 5 });
  const { worker, connection } = await createWorker({
    address: testTemporalAddress(),
    namespace: 'default',
    taskQueue,
    deps: { sql },
    bundle: { codePath: testWorkflowBundle() },
  });
  const running = worker.run();
  const clientConnection = await Connection.connect({ address: testTemporalAddress() });
  const client = new Client({ connection: clientConnection, namespace: 'default' });
  return {
    client,
    sql,
    taskQueue,
    worker,
    close: async () => {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await running;
      await connection.close();
      await clientConnection.close();
      await sql.end({ timeout: 5 }); // a query cut off by a database outage must not hold the process
    },
  };
}
