/**
 * One demo application, so a newcomer sees the tracker and the submitted answers: Kōwhai Digital
 * applied for two services of two catalogues of its channel and is "In Progress" (spec §4).
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { applications, applicationServices, catalogues, channels, services } from '../db/schema/index';
import { APPLICATION_FORM_KEY, applicationFormV1, CATALOGUE_FORM_KEY, catalogueFormV1 } from '../db/content/application-forms';
import { catalogueFormKey } from '../modules/forms/catalogue-forms';

const DAY_MS = 86_400_000;
const SUBMITTED_AT = Date.UTC(2026, 9, 1, 21, 30);

/** A demo supplier's answers to an application: its offer, its declarations, and each catalogue's step (the same for each). */
export interface DemoApplicationAnswers {
  offer: Record<string, unknown>;
  declarations: Record<string, unknown>;
  capability: Record<string, unknown>;
}

/**
 * A demo application's stored forms, answers and progress as the apply flow leaves them once every
 * step is answered: the flow's four steps, the two common steps and one per catalogue.
 */
export function answeredApplication(serviceIds: readonly number[], catalogueIds: readonly number[], answers: DemoApplicationAnswers) {
  return {
    formVersions: [
      { key: APPLICATION_FORM_KEY, version: applicationFormV1.version },
      { key: CATALOGUE_FORM_KEY, version: catalogueFormV1.version },
    ],
    data: {
      services: [...serviceIds],
      termsAccepted: true,
      answers: {
        'your-offer': answers.offer,
        declarations: answers.declarations,
        ...Object.fromEntries(catalogueIds.map((catalogueId) => [catalogueFormKey(catalogueId), answers.capability])),
      },
    },
    progress: 4 + 2 + catalogueIds.length,
  };
}

export async function insertDemoApplication(tx: Database, supplierId: number, channelSlug: string): Promise<void> {
  const rows = await tx
    .select({ serviceId: services.id, catalogueId: catalogues.id })
    .from(services)
    .innerJoin(catalogues, eq(services.catalogueId, catalogues.id))
    .innerJoin(channels, eq(catalogues.channelId, channels.id))
    .where(eq(channels.slug, channelSlug))
    .orderBy(asc(catalogues.position), asc(services.id));
  // The first service of each of the channel's first two catalogues.
  const chosen = [...new Map(rows.map((row) => [row.catalogueId, row])).values()].slice(0, 2);
  const at = (days: number) => new Date(SUBMITTED_AT + days * DAY_MS).toISOString();
  const catalogueAnswers = {
    capability_statement: 'Twelve years designing and building accessible digital services for central and local government.',
    case_studies: [
      {
        client: 'A regional council',
        description: 'Rebuilt the rates and dog registration services as one accessible online service.',
        outcome: 'Phone calls about rates fell by a third in the first year.',
        year: 2024,
      },
    ],
    day_rate: 1450,
    insurance: { public_liability: 5_000_000, personal_indemnity: 2_000_000 },
    available_from: '2026-12-01',
  };
  const [application] = await tx
    .insert(applications)
    .values({
      referenceId: 'MP-7KQ4-X2HD',
      supplierId,
      ...answeredApplication(
        chosen.map((row) => row.serviceId),
        chosen.map((row) => row.catalogueId),
        {
          offer: {
            offer_summary: 'User research, service design and accessible web development for public services.',
            delivery_model: 'hybrid',
            pricing_approach: 'time_and_materials',
          },
          declarations: { has_conflicts: 'no', certifications: ['ISO 27001 (information security)'], information_confirmed: true },
          capability: catalogueAnswers,
        },
      ),
      status: 'in_progress',
      statusTimestamps: { incomplete: at(-3), submitted: at(0), pre_assessment: at(2), in_progress: at(9) },
      createdAt: new Date(at(-3)),
      lastEdited: new Date(at(9)),
    })
    .returning({ id: applications.id });
  if (!application) {
    throw new Error('Insert returned no row');
  }
  await tx.insert(applicationServices).values(chosen.map((row) => ({ applicationId: application.id, serviceId: row.serviceId })));
}
