// The operator CLI: what "the app" does, acting on the database (and Temporal) directly.
// `npx loadplan help` lists the commands.
import { parseArgs } from 'node:util';
import { connect } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { readEnv } from '../config/env.ts';
import { DEV_DATABASE_URL, DEV_TEMPORAL_ADDRESS } from './dev-defaults.ts';
import { runSystemCheck } from '../temporal/client.ts';
import { withTemporal, type TemporalTarget } from '../temporal/connection.ts';
import { UsageError, print } from './cli/output.ts';
import { memberCommand, orgCommand } from './cli/organizations.ts';
import { keyCommand } from './cli/keys.ts';
import { libraryCommand } from './cli/library.ts';
import { calculateCommand, placementCommand, securingCommand } from './cli/plans.ts';
import { WEBHOOK_HELP, webhookCommand } from './cli/webhooks.ts';

const HELP = `loadplan <command> <action> [--flags] [--json]

  org create --name N [--plan enterprise|business|team|free] [--api-access true|false]
  org set --org ID [--plan P] [--api-access true|false]
  org list
  org audit --org ID [--limit N]
  member add --org ID --email E [--name N] [--role owner|admin|member|viewer]
  member role --member ID --role R
  member remove --member ID
  member list --org ID
  key create --member ID [--scope read_write|read] [--expires 30d|90d|1y|never|<date>] [--name N]
  key rotate --key ID
  key revoke --key ID
  key list --org ID
  key show --key ID
  library add-equipment --org ID --json-input '{...EquipmentType fields}'
  library add-cargo --org ID --json-input '{...Cargo Library item fields}'
${WEBHOOK_HELP}
  calculate start --plan ID [--expected-revision N] [--replace-unlocked-manual true]   (as the app: source app)
  calculate cancel --run ID
  calculate show --run ID
  placement lock|unlock --plan ID --line ID --piece N    (a keep-together group locks as a whole)
  placement move --plan ID --line ID --piece N --x MM --y MM --z MM [--unit N] [--rotation LWH|WLH|...]
  securing set --plan ID --legs road,sea-a [--friction PERMILLE]
  securing clear --plan ID
  doctor                       checks Postgres and a round trip through Temporal

DATABASE_URL and TEMPORAL_ADDRESS point at the service's servers (default: the ones \`npm start\` runs).`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      ...Object.fromEntries(
        ['name', 'plan', 'api-access', 'org', 'email', 'role', 'member', 'scope', 'expires', 'key', 'limit', 'json-input', 'url', 'events', 'endpoint', 'delivery',
         'run', 'expected-revision', 'replace-unlocked-manual', 'line', 'piece', 'x', 'y', 'z', 'unit', 'rotation', 'legs', 'friction'].map((n) => [n, { type: 'string' as const }]),
      ),
      json: { type: 'boolean' as const },
      help: { type: 'boolean' as const, short: 'h' },
    } as any,
  }) as { values: Record<string, string | boolean | undefined>; positionals: string[] };
  const json = argv.includes('--json');
  const [command, action] = positionals;
  if (values.help || command === 'help') {
    console.log(HELP);
    return 0;
  }
  if (!command) {
    console.error(HELP);
    return 2;
  }
  const env = readEnv();
  const sql = connect(env.DATABASE_URL ?? DEV_DATABASE_URL, { max: 2 });
  try {
    const target = { address: env.TEMPORAL_ADDRESS ?? DEV_TEMPORAL_ADDRESS, namespace: env.TEMPORAL_NAMESPACE, taskQueue: env.TEMPORAL_TASK_QUEUE };
    if (command === 'org') await orgCommand(sql, action, values, json, target);
    else if (command === 'member') await memberCommand(sql, action, values, json);
    else if (command === 'key') await keyCommand(sql, action, values, json);
    else if (command === 'library') await libraryCommand(sql, action, values, json);
    else if (command === 'calculate') await calculateCommand(sql, env, env.TEMPORAL_ADDRESS ?? DEV_TEMPORAL_ADDRESS, action, values, json);
    else if (command === 'placement') await placementCommand(sql, action, values, json);
    else if (command === 'securing') await securingCommand(sql, action, values, json);
    else if (command === 'webhook') await webhookCommand(sql, action, values, json, target);
    else if (command === 'doctor') await doctor(sql, { address: env.TEMPORAL_ADDRESS ?? DEV_TEMPORAL_ADDRESS, namespace: env.TEMPORAL_NAMESPACE, connectTimeoutMs: 5000 }, env.TEMPORAL_TASK_QUEUE, json);
    else throw new UsageError(`unknown command '${command}'`);
    return 0;
  } finally {
    await sql.end({ timeout: 2 });
  }
}

async function doctor(sql: ReturnType<typeof connect>, target: TemporalTarget, taskQueue: string, json: boolean) {
  await migrate(sql);
  const result = await withTemporal(target, (client) => runSystemCheck(client, taskQueue));
  print(json, result, `ok: a worker on '${taskQueue}' reached Postgres (${result.organizations} organizations, ${result.migrations} migrations)`);
}

// Exit via exitCode so pending output is flushed.
main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (err) => {
    const parseError = (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ?? false;
    const usage = err instanceof UsageError || parseError;
    // node's parse errors go on to advise on positionals; the first sentence is the finding.
    const message = parseError ? (err as Error).message.split('. ')[0] : (err as Error).message;
    console.error(`loadplan: ${message}${usage ? " ('loadplan help' lists the commands)" : ''}`);
    process.exitCode = usage ? 2 : 1;
  },
);
