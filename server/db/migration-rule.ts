/**
 * The rule every migration keeps (README, "Migrations while the portal serves"): during a rolling
 * deploy the previous release still serves on the migrated database, so a migration may only add
 * (tables, columns that are nullable or have a default, indexes, functions, triggers, data). What
 * would break the previous release (a drop, a rename, a changed type, a new NOT NULL on existing
 * rows) goes in a contract migration of a later release, once no release reads the old shape; it
 * says so on its first line, naming the expand migration that came before it:
 *
 *     -- contract of 0046_example_expand: the old column is no longer read since that release
 */

/**
 * What breaks a release still reading or writing the old shape, with why. Only the statements that
 * change or remove something are read (ALTER, DROP, TRUNCATE): a function's or a trigger's body may
 * mention any of these words.
 */
const BREAKING: readonly { pattern: RegExp; why: string }[] = [
  { pattern: /^drop\s+table\b/i, why: 'drops a table' },
  { pattern: /^alter\s+table\b.*\bdrop\s+column\b/is, why: 'drops a column' },
  { pattern: /^alter\s+\w+\b.*\brename\b/is, why: 'renames' },
  { pattern: /^alter\s+table\b.*\balter\s+column\s+("[^"]+"|\w+)\s+(set\s+data\s+)?type\b/is, why: "changes a column's type" },
  { pattern: /^alter\s+table\b.*\balter\s+column\s+("[^"]+"|\w+)\s+set\s+not\s+null\b/is, why: 'makes a column required' },
  { pattern: /^drop\s+(type|view|materialized\s+view|schema|sequence)\b/i, why: 'drops a type, view, schema or sequence' },
  { pattern: /^truncate\b/i, why: 'empties a table' },
];

/** ADD COLUMN … NOT NULL with neither a default nor a generated value: the previous release's inserts fail. */
const REQUIRED_COLUMN_WITHOUT_DEFAULT = /^alter\s+table\b(?![^;]*\b(default|generated)\b)[^;]*\badd\s+column\b[^;]*\bnot\s+null\b/is;

/** The first line of a contract migration, naming its expand migration. */
const CONTRACT_MARK = /^--\s*contract of (\d{4}_[\w-]+)\b/;

/** The statements of a migration's SQL, without comments (drizzle separates them with breakpoints). */
function statementsOf(migrationSql: string): string[] {
  return migrationSql
    .split('--> statement-breakpoint')
    .flatMap((part) => part.split(/;\s*$/m))
    .map((statement) =>
      statement
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter(Boolean);
}

/** What in this migration would break the release before it, one line per statement. */
export function breakingStatements(migrationSql: string): string[] {
  return statementsOf(migrationSql).flatMap((statement) => {
    const reasons = BREAKING.filter((rule) => rule.pattern.test(statement)).map((rule) => rule.why);
    if (REQUIRED_COLUMN_WITHOUT_DEFAULT.test(statement)) {
      reasons.push('adds a required column without a default');
    }
    return reasons.length === 0 ? [] : [`${reasons.join(', ')}: ${statement.replace(/\s+/g, ' ').slice(0, 120)}`];
  });
}

/** The expand migration a contract migration names on its first line, if it is one. */
export function expandMigrationOf(migrationSql: string): string | undefined {
  return CONTRACT_MARK.exec(migrationSql.trimStart())?.[1];
}
