/**
 * Every migration can run while the previous release still serves (issue 34): it only adds, or it
 * is a contract migration naming the earlier expand migration it completes. Migrations from before
 * the rule (to 0045) are as they shipped.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../project-files';
import { breakingStatements, expandMigrationOf } from './migration-rule';

/** The last migration written before the rule; the ones after it keep it. */
const LAST_BEFORE_THE_RULE = 45;

interface JournalEntry {
  idx: number;
  tag: string;
}

describe('migrations while the portal serves', () => {
  it('finds what would break the previous release', () => {
    const breaking = [
      'ALTER TABLE "applications" DROP COLUMN "is_locked";',
      'DROP TABLE "threads";',
      'ALTER TABLE "users" RENAME COLUMN "name" TO "full_name";',
      'ALTER TABLE "users" RENAME TO "people";',
      'ALTER TABLE "users" ALTER COLUMN "phone" SET DATA TYPE integer;',
      'ALTER TABLE "users" ALTER COLUMN "phone" TYPE integer USING phone::integer;',
      'ALTER TABLE "users" ALTER COLUMN "phone" SET NOT NULL;',
      'ALTER TABLE "users" ADD COLUMN "region" text NOT NULL;',
      'DROP TYPE "public"."status";',
      'TRUNCATE "sessions";',
    ];
    for (const statement of breaking) {
      expect(breakingStatements(statement), statement).toHaveLength(1);
    }
    const adding = [
      'CREATE TABLE "shortlists" ("id" serial PRIMARY KEY NOT NULL, "name" text NOT NULL);',
      'ALTER TABLE "users" ADD COLUMN "region" text;',
      'ALTER TABLE "applications" ADD COLUMN "stage_since" timestamp with time zone DEFAULT now() NOT NULL;',
      `ALTER TABLE "applications" ADD COLUMN "is_finished" boolean GENERATED ALWAYS AS (status in ('approved')) STORED NOT NULL;`,
      'CREATE INDEX "users_email_idx" ON "users" USING btree ("email");',
      'DROP INDEX "users_old_idx";',
      'ALTER TABLE "users" ALTER COLUMN "phone" DROP NOT NULL;',
      '-- this drops nothing: a comment that says DROP TABLE is not a statement\nCREATE INDEX "a_idx" ON "a" ("b");',
    ];
    for (const statement of adding) {
      expect(breakingStatements(statement), statement).toEqual([]);
    }
  });

  it('reads the expand migration a contract migration names on its first line', () => {
    expect(expandMigrationOf('-- contract of 0046_region_expand: no release reads "area" now\nALTER TABLE "users" DROP COLUMN "area";')).toBe('0046_region_expand');
    expect(expandMigrationOf('ALTER TABLE "users" DROP COLUMN "area";')).toBeUndefined();
  });

  it('holds for every migration since the rule: each only adds, or completes an earlier expand migration', async () => {
    const folder = projectPath('server/db/migrations');
    const journal = JSON.parse(await readFile(`${folder}/meta/_journal.json`, 'utf8')) as { entries: JournalEntry[] };
    const problems: string[] = [];
    for (const entry of journal.entries.filter((candidate) => candidate.idx > LAST_BEFORE_THE_RULE)) {
      const migrationSql = await readFile(`${folder}/${entry.tag}.sql`, 'utf8');
      const breaking = breakingStatements(migrationSql);
      if (breaking.length === 0) {
        continue;
      }
      const expand = expandMigrationOf(migrationSql);
      const expandEntry = journal.entries.find((candidate) => candidate.tag === expand);
      if (expandEntry === undefined || expandEntry.idx >= entry.idx) {
        problems.push(`${entry.tag} breaks the previous release and names no earlier expand migration (README, "Migrations while the portal serves"): ${breaking.join('; ')}`);
      }
    }
    expect(problems).toEqual([]);
    // The rule's own check: the migration from before it that dropped a column is found.
    const before = await readFile(`${folder}/0009_applications_status_decides_lock.sql`, 'utf8');
    expect(breakingStatements(before)).toHaveLength(1);
  });
});
