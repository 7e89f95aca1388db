/**
 * The migration journal's order: drizzle's migrator applies every entry whose `when` is later than
 * the last one a database has applied, so an entry dated before its predecessor (easy when two people
 * add migrations at once) would be skipped on a database that already has the later one.
 */
import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../project-files';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

describe('the migration journal', () => {
  it('numbers its entries in order, dates each after the one before, and names a file for each', async () => {
    const folder = projectPath('server/db/migrations');
    const journal = JSON.parse(await readFile(`${folder}/meta/_journal.json`, 'utf8')) as { entries: JournalEntry[] };
    const files = new Set((await readdir(folder)).filter((name) => name.endsWith('.sql')));
    journal.entries.forEach((entry, position) => {
      expect(entry.idx, entry.tag).toBe(position);
      expect(entry.tag.startsWith(String(position).padStart(4, '0')), entry.tag).toBe(true);
      expect(files.has(`${entry.tag}.sql`), `${entry.tag}.sql`).toBe(true);
      const previous = journal.entries[position - 1];
      if (previous) {
        expect(entry.when, `${entry.tag} is dated after ${previous.tag}`).toBeGreaterThan(previous.when);
      }
    });
    expect(files.size, 'every migration file is in the journal').toBe(journal.entries.length);
  });
});
