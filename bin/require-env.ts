import { readEnv, type Env } from '../config/env.ts';

/** Production entry points run only against configured servers. */
export function productionEnv(): Env & { DATABASE_URL: string; TEMPORAL_ADDRESS: string } {
  const env = readEnv();
  const missing = (['DATABASE_URL', 'TEMPORAL_ADDRESS'] as const).filter((name) => !env[name]);
  if (missing.length) {
    console.error(`missing environment: ${missing.join(', ')} (use \`npm start\` for the all-in-one local service)`);
    process.exit(2);
  }
  return env as Env & { DATABASE_URL: string; TEMPORAL_ADDRESS: string };
}
