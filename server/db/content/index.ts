/**
 * Product content the database must hold whatever else it holds: the application, agency,
 * registration, engagement notice, billing report and service listing form definitions.
 * Runs at every start, after the migrations (production too: forms are content, not demo data),
 * and on the tests' template database.
 */
import { withFieldOrder, type FormDefinition } from '../../../common/forms/definition';
import type { Database } from '../client';
import { formDefinitions } from '../schema/index';
import { agencyFormV1 } from './agency-form';
import { applicationFormV1, catalogueFormV1 } from './application-forms';
import { registrationFormV1 } from './registration-form';
import { serviceListingFormV1 } from './listing-forms';
import { billingReportFormV1, engagementNoticeFormV1 } from './reporting-forms';

export interface FormContent {
  title: string;
  definition: FormDefinition;
}

/** Every stored form version; add a new version, never edit a stored one. */
const FORM_CONTENT: readonly FormContent[] = [
  { title: 'Application for services', definition: applicationFormV1 },
  { title: 'Catalogue questions', definition: catalogueFormV1 },
  { title: 'Agency registration', definition: agencyFormV1 },
  { title: 'Supplier registration', definition: registrationFormV1 },
  { title: 'Engagement notice', definition: engagementNoticeFormV1 },
  { title: 'Billing report', definition: billingReportFormV1 },
  { title: 'Service listing', definition: serviceListingFormV1 },
];

/** Inserts the form versions the database lacks; returns how many it inserted. Idempotent. */
export async function ensureFormDefinitions(db: Database): Promise<number> {
  const inserted = await db
    .insert(formDefinitions)
    .values(
      FORM_CONTENT.map(({ title, definition }) => ({
        key: definition.key,
        version: definition.version,
        title,
        // jsonb keeps no key order: the field order goes into each step's uiSchema first.
        steps: definition.steps.map(withFieldOrder),
      })),
    )
    .onConflictDoNothing({ target: [formDefinitions.key, formDefinitions.version] })
    .returning({ id: formDefinitions.id });
  return inserted.length;
}
