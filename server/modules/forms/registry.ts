/**
 * The form definitions the server knows: the supplier details form in code, and every version
 * stored in `form_definitions` (the application forms, `server/db/content/`). Stored versions never
 * change, so each is read once and kept in memory. A catalogue's step of an application is a
 * definition of its own, `catalogue-<catalogueId>`, built from the `catalogue` template
 * (`./catalogue-forms.ts`), so its precompiled validators are served like any other form's.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FormDefinition, FormStep } from '../../../common/forms/definition';
import { supplierDetailsForm } from '../../../common/supplier-details/form';
import type { Database } from '../../db/client';
import { CATALOGUE_FORM_KEY } from '../../db/content/application-forms';
import { formDefinitions } from '../../db/schema/index';
import { catalogueIdOfFormKey, findCatalogueFormDefinition } from './catalogue-forms';

const codeDefinitions = new Map<string, FormDefinition>([[supplierDetailsForm.key, supplierDetailsForm]]);

/** Stored versions read so far, by `key@version`. */
const storedDefinitions = new Map<string, FormDefinition>();

function cacheKey(key: string, version: number): string {
  return `${key}@${String(version)}`;
}

function isStep(value: unknown): value is FormStep {
  const step = value as Partial<FormStep> | null;
  return (
    typeof step === 'object' &&
    step !== null &&
    typeof step.id === 'string' &&
    typeof step.title === 'string' &&
    typeof step.schema === 'object' &&
    typeof step.uiSchema === 'object'
  );
}

function toDefinition(row: { key: string; version: number; steps: unknown[] }): FormDefinition {
  if (!row.steps.every(isStep)) {
    throw new Error(`The stored ${row.key} form, version ${String(row.version)}, has a malformed step`);
  }
  return { key: row.key, version: row.version, steps: row.steps };
}

/** A version stored in `form_definitions`, or undefined. */
export async function findStoredFormDefinition(db: Database, key: string, version: number): Promise<FormDefinition | undefined> {
  const cached = storedDefinitions.get(cacheKey(key, version));
  if (cached) {
    return cached;
  }
  const [row] = await db
    .select({ key: formDefinitions.key, version: formDefinitions.version, steps: formDefinitions.steps })
    .from(formDefinitions)
    .where(and(eq(formDefinitions.key, key), eq(formDefinitions.version, version)))
    .limit(1);
  if (!row) {
    return undefined;
  }
  const definition = toDefinition(row);
  storedDefinitions.set(cacheKey(key, version), definition);
  return definition;
}

/** The newest stored version of a form, the one new records start on; undefined when none is stored. */
export async function findLatestFormDefinition(db: Database, key: string): Promise<FormDefinition | undefined> {
  const [row] = await db
    .select({ version: formDefinitions.version })
    .from(formDefinitions)
    .where(eq(formDefinitions.key, key))
    .orderBy(desc(formDefinitions.version))
    .limit(1);
  return row ? findStoredFormDefinition(db, key, row.version) : undefined;
}

/** Any form version the server knows: in code, stored, or a catalogue's step built from the template. */
export async function findFormDefinition(db: Database, key: string, version: number): Promise<FormDefinition | undefined> {
  const inCode = codeDefinitions.get(key);
  if (inCode) {
    return inCode.version === version ? inCode : undefined;
  }
  const catalogueId = catalogueIdOfFormKey(key);
  if (catalogueId !== null) {
    const template = await findStoredFormDefinition(db, CATALOGUE_FORM_KEY, version);
    return template ? findCatalogueFormDefinition(db, template, catalogueId) : undefined;
  }
  return findStoredFormDefinition(db, key, version);
}
