import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findUnscopedStatements } from './supplier-scope-check';
import { SUPPLIER_OWNED_TABLES } from './supplier-scope';

const serverFolder = fileURLToPath(new URL('..', import.meta.url));
const ownedTables = Object.keys(SUPPLIER_OWNED_TABLES);

/** Server code that runs in the product: not tests, test support, the schema or the demo seed. */
async function productFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$|test-support\.ts$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !/^seed[/\\]|[/\\](test|seed|schema|migrations)[/\\]/.test(path.relative(serverFolder, file)));
}

describe('supplier-owned tables', () => {
  it('are reached only through ownedBy(table, supplier or ANY_SUPPLIER) in every server statement', async () => {
    const files = await productFiles(serverFolder);
    expect(files.length).toBeGreaterThan(50);
    const unscoped: string[] = [];
    for (const file of files) {
      for (const statement of findUnscopedStatements(file, await readFile(file, 'utf8'), ownedTables)) {
        unscoped.push(`${path.relative(serverFolder, file)}:${statement.line} ${statement.table}: ${statement.text}`);
      }
    }
    expect(unscoped).toEqual([]);
  });

  it('flags a statement that forgets the supplier, and passes one that states it', () => {
    const forgets = `
      const [row] = await db.select().from(applications).where(eq(applications.id, id)).limit(1);
      await tx.update(threads).set({ isResolved: true }).where(eq(threads.id, threadId));
      await tx.delete(invitations).where(eq(invitations.id, 1));
      await db.select().from(suppliers).innerJoin(supplierServices, eq(supplierServices.supplierId, suppliers.id));`;
    expect(findUnscopedStatements('forgets.ts', forgets, ownedTables).map((statement) => statement.table)).toEqual([
      'applications',
      'threads',
      'invitations',
      'supplierServices',
    ]);
    const states = `
      const [row] = await db.select().from(applications).where(and(eq(applications.id, id), ownedBy(applications, supplierId))).limit(1);
      await tx.update(threads).set({ isResolved: true }).where(and(eq(threads.id, threadId), ownedBy(threads, ANY_SUPPLIER)));
      await db.select().from(suppliers).where(eq(suppliers.id, 1));`;
    expect(findUnscopedStatements('states.ts', states, ownedTables)).toEqual([]);
  });
});
