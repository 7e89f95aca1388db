/** Test databases on a PostgreSQL server: one migrated template, cloned per test file. */
export const TEMPLATE_DATABASE = 'marketplace_test_template';

export function withDatabase(connectionString: string, database: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The maintenance database of the same server, where databases are created and dropped. */
export function adminConnectionString(connectionString: string): string {
  return withDatabase(connectionString, 'postgres');
}
