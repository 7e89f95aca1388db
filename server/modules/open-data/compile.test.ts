/**
 * A record's compiled release (OCDS merge rules): objects merged field by field, arrays of objects
 * with ids item by item, other arrays replaced, a null removing the field; the releases themselves
 * left as they were; a compiled release brought up to date with newer releases as if compiled
 * afresh; and a framework's record of thousands of approvals compiled whole.
 */
import { describe, expect, it } from 'vitest';
import { compileOnto, compileReleases, isNewerThan } from './compile';
import type { Release } from './releases';

const release = (date: string, fields: Record<string, unknown>): Release =>
  ({ ocid: 'ocds-test01-catalogue-1', id: `r-${date}`, date, tag: ['award'], initiationType: 'tender', ...fields }) as unknown as Release;

describe('compileReleases', () => {
  it('merges by the OCDS rules, oldest first, whatever order the releases come in', () => {
    const first = release('2026-01-01T00:00:00.000Z', {
      tender: { id: 't', title: 'Cloud', status: 'active', items: [{ id: 'a', quantity: 1 }] },
      awards: [{ id: 'a1', status: 'active', title: 'First' }],
      language: 'en',
      keywords: ['one', 'two'],
    });
    const second = release('2026-02-01T00:00:00.000Z', {
      tender: { status: 'complete', items: [{ id: 'a', quantity: 2 }, { id: 'b', quantity: 5 }] },
      awards: [{ id: 'a1', status: 'cancelled' }, { id: 'a2', status: 'active' }],
      language: null,
      keywords: ['three'],
    });
    const before = JSON.stringify([first, second]);
    const compiled = compileReleases([second, first]) as unknown as Record<string, unknown>;
    expect(compiled).toMatchObject({
      id: 'ocds-test01-catalogue-1-compiled-2026-02-01T00:00:00.000Z',
      date: '2026-02-01T00:00:00.000Z',
      tag: ['compiled'],
      tender: { id: 't', title: 'Cloud', status: 'complete', items: [{ id: 'a', quantity: 2 }, { id: 'b', quantity: 5 }] },
      awards: [{ id: 'a1', status: 'cancelled', title: 'First' }, { id: 'a2', status: 'active' }],
      keywords: ['three'],
    });
    expect(compiled).not.toHaveProperty('language');
    // The releases served beside the compiled release stay as published.
    expect(JSON.stringify([first, second])).toBe(before);
  });

  it('compiles a framework record of thousands of approvals, one award and party each', () => {
    const approvals = Array.from({ length: 5000 }, (_, index) =>
      release(`2026-01-01T00:00:${String(index % 60).padStart(2, '0')}.${String(index).padStart(3, '0').slice(-3)}Z`, {
        parties: [{ id: `supplier-${String(index)}`, name: `Supplier ${String(index)}`, roles: ['supplier'] }],
        awards: [{ id: `approval-${String(index)}`, status: 'active' }],
      }),
    );
    const compiled = compileReleases(approvals) as unknown as { parties: unknown[]; awards: { id: string }[] };
    expect(compiled.parties).toHaveLength(5000);
    expect(new Set(compiled.awards.map((award) => award.id)).size).toBe(5000);
  });

  it('brings a compiled release up to date with newer releases as compiling them all afresh would, and tells which are newer', () => {
    const releases = [
      release('2026-01-01T00:00:00.000Z', { awards: [{ id: 'a1', status: 'active', title: 'First' }], keywords: ['one'] }),
      release('2026-02-01T00:00:00.000Z', { awards: [{ id: 'a1', status: 'cancelled' }], parties: [{ id: 'p1', name: 'One' }] }),
      release('2026-02-01T00:00:00.000Z', { awards: [{ id: 'a2', status: 'active' }], parties: [{ id: 'p1', name: 'One Ltd' }], keywords: ['two'] }),
      release('2026-03-01T00:00:00.000Z', { keywords: null, parties: [{ id: 'p2', name: 'Two' }] }),
    ];
    const start = compileReleases(releases.slice(0, 2));
    expect(isNewerThan(start, releases.slice(2))).toBe(true);
    expect(isNewerThan(start, releases.slice(0, 1))).toBe(false);
    // Taken over and changed: a copy, as one read back from the database is.
    const stored = JSON.parse(JSON.stringify(start)) as typeof start;
    expect(compileOnto(stored, releases.slice(2).reverse())).toEqual(compileReleases(releases));
  });
});
