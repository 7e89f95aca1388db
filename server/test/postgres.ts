/**
 * Test databases on a PostgreSQL server: one migrated template per test run, cloned per test file.
 * Every name carries the run's own prefix, so two runs at once (two people, or a run beside CI)
 * neither drop each other's template nor clean up each other's databases.
 */
export function runDatabasePrefix(runId: string | number): string {
  return `marketplace_test_${runId}_`;
}

export function templateDatabase(prefix: string): string {
  return `${prefix}template`;
}

export function withDatabase(connectionString: string, database: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The maintenance database of the same server, where databases are created and dropped. */
export function adminConnectionString(connectionString: string): string {
  return withDatabase(connectionString, 'postgres');
}
