import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_FILTERS, AUDIT_ACTION_GROUPS, auditActionFilterLabel, auditActionLabel, auditSubjectLabel, auditSubjectName } from './audit-actions';

/** The server's source files (not its tests), read as text: the app never imports the server. */
async function serverSources(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  const files = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'));
  return Promise.all(files.map((entry) => readFile(join(entry.parentPath, entry.name), 'utf8')));
}

describe('the audit log’s actions in plain words', () => {
  it('names every action the server writes', async () => {
    const sources = [...(await serverSources('server/modules')), ...(await serverSources('server/auth')), ...(await serverSources('server/seed'))];
    const written = new Set<string>();
    for (const source of sources) {
      for (const match of source.matchAll(/action: (?:[^'`\n]*\? )?'([a-z-]+\.[a-z-]+)'(?: : '([a-z-]+\.[a-z-]+)')?/g)) {
        written.add(match[1] ?? '');
        if (match[2] !== undefined) {
          written.add(match[2]);
        }
      }
    }
    // Written from a variable: agency.${decision.kind}, each catalogue change's kind.
    expect(written.size).toBeGreaterThan(30);
    const unnamed = [...written].filter((action) => auditActionLabel(action) === action);
    expect(unnamed).toEqual([]);
    expect(auditActionLabel('agency.approve')).toBe('Agency registration approved');
  });

  it('offers each group’s prefix and each action as a filter, and nothing twice', () => {
    const values = AUDIT_ACTION_GROUPS.flatMap((group) => [group.prefix, ...Object.keys(group.actions)]);
    expect(new Set(values).size).toBe(values.length);
    for (const group of AUDIT_ACTION_GROUPS) {
      expect(Object.keys(group.actions).every((action) => action.startsWith(group.prefix))).toBe(true);
    }
    expect(AUDIT_ACTION_FILTERS.has('engagement-notice.')).toBe(true);
    expect(auditActionFilterLabel('engagement-notice.')).toBe('Any action: engagement notices');
    expect(auditActionFilterLabel('supplier.suspend')).toBe('Supplier suspended');
  });

  it('makes an action it does not know readable rather than hiding it', () => {
    expect(auditActionLabel('bulk.touch')).toBe('Bulk touch');
    expect(auditSubjectLabel('engagement_notice')).toBe('Engagement notice');
    expect(auditSubjectLabel('price_list')).toBe('Price list');
  });

  it('names the record from what the entry recorded, never by an id', () => {
    expect(auditSubjectName({ before: null, after: { title: 'Network review', status: 'submitted' } })).toBe('Network review');
    expect(auditSubjectName({ before: null, after: { email: 'kiri@example.com', name: 'Kiri', isTeamMember: true } })).toBe('Kiri (kiri@example.com)');
    expect(auditSubjectName({ before: { email: 'kiri@example.com', name: 'Kiri' }, after: { isTeamMember: false } })).toBe('Kiri (kiri@example.com)');
    expect(auditSubjectName({ before: { status: 'approved' }, after: { status: 'suspended', id: 7 } })).toBeUndefined();
  });
});
