/**
 * A catalogue's step of an application: the `catalogue` template's step with the catalogue's id
 * and title, as a form definition of its own (`catalogue-<catalogueId>`, the template's version),
 * so the browser loads its precompiled validators like any other form's.
 */
import { eq } from 'drizzle-orm';
import type { FormDefinition } from '../../../common/forms/definition';
import type { Database } from '../../db/client';
import { catalogues } from '../../db/schema/index';

const CATALOGUE_FORM_KEY_PATTERN = /^catalogue-([1-9][0-9]{0,8})$/;

/** The form key and step id of a catalogue's step. */
export function catalogueFormKey(catalogueId: number): string {
  return `catalogue-${String(catalogueId)}`;
}

/** The catalogue id of a `catalogue-<id>` key, else null. */
export function catalogueIdOfFormKey(key: string): number | null {
  const match = CATALOGUE_FORM_KEY_PATTERN.exec(key);
  return match?.[1] ? Number(match[1]) : null;
}

/** The template's one step, made the catalogue's own: "Cloud Services: your capability". */
export function catalogueFormDefinition(template: FormDefinition, catalogue: { id: number; title: string }): FormDefinition {
  const [step] = template.steps;
  if (!step || template.steps.length !== 1) {
    throw new Error(`The ${template.key} template, version ${String(template.version)}, must have exactly one step`);
  }
  const key = catalogueFormKey(catalogue.id);
  return { key, version: template.version, steps: [{ ...step, id: key, title: `${catalogue.title}: ${step.title}` }] };
}

/** The catalogue's definition for that template version; undefined when there is no such catalogue. */
export async function findCatalogueFormDefinition(
  db: Database,
  template: FormDefinition,
  catalogueId: number,
): Promise<FormDefinition | undefined> {
  const [catalogue] = await db
    .select({ id: catalogues.id, title: catalogues.title })
    .from(catalogues)
    .where(eq(catalogues.id, catalogueId))
    .limit(1);
  return catalogue ? catalogueFormDefinition(template, catalogue) : undefined;
}
