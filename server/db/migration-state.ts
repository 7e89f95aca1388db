/**
 * Whether the database has every migration this build ships: readiness (server/modules/health)
 * reports a process whose database is behind its code as not ready. Drizzle's migrators record each
 * applied migration with its journal entry's time (`created_at`), and apply them in that order.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { projectPath } from '../project-files';
import type { Database } from './client';
import { selectRows } from './raw-rows';

interface JournalEntry {
  when: number;
  tag: string;
}

let latestShipped: JournalEntry | undefined;

/** The newest migration in this build's journal (read once): its time and its name. */
export function latestShippedMigration(): JournalEntry {
  if (latestShipped === undefined) {
    const journal = JSON.parse(readFileSync(projectPath('server/db/migrations/meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] };
    latestShipped = journal.entries.at(-1) ?? { when: 0, tag: 'none' };
  }
  return latestShipped;
}

/** True when the newest migration of this build is recorded as applied. */
export async function migrationsAreApplied(db: Database): Promise<boolean> {
  const [row] = await selectRows<{ latest: string | number | null }>(db, sql`select max(created_at) as latest from drizzle.__drizzle_migrations`);
  return Number(row?.latest ?? 0) >= latestShippedMigration().when;
}
