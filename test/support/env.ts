// Where the suite's real Postgres and Temporal are (set by scripts/test.ts).
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suite with \`npm test\``);
  return value;
}

export const testDatabaseUrl = () => required('TEST_DATABASE_URL');
export const testTemporalAddress = () => required('TEST_TEMPORAL_ADDRESS');
export const testWorkflowBundle = () => required('TEST_WORKFLOW_BUNDLE');
