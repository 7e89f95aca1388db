/** Factories for the registration tests: a catalogue to choose services from, and complete answers. Only tests import this file. */
import { catalogues, channels, services } from '../../db/schema/index';
import type { TestContext } from '../../test/harness';

export interface TestCatalogue {
  channelId: number;
  catalogueId: number;
  serviceIds: number[];
  /** A service of another catalogue. */
  otherServiceId: number;
}

/** A sales channel with two catalogues of services. */
export async function createTestCatalogue(context: TestContext): Promise<TestCatalogue> {
  const { db } = context.database;
  const [channel] = await db.insert(channels).values({ slug: 'digital', title: 'Digital' }).returning({ id: channels.id });
  if (!channel) {
    throw new Error('channel insert returned nothing');
  }
  const [catalogue, other] = await db
    .insert(catalogues)
    .values([
      { channelId: channel.id, slug: 'cloud', title: 'Cloud services' },
      { channelId: channel.id, slug: 'security', title: 'Security services' },
    ])
    .returning({ id: catalogues.id });
  if (!catalogue || !other) {
    throw new Error('catalogue insert returned nothing');
  }
  const rows = await db
    .insert(services)
    .values([
      { catalogueId: catalogue.id, slug: 'hosting', title: 'Hosting' },
      { catalogueId: catalogue.id, slug: 'backup', title: 'Backup' },
      { catalogueId: other.id, slug: 'penetration-testing', title: 'Penetration testing' },
    ])
    .returning({ id: services.id });
  return { channelId: channel.id, catalogueId: catalogue.id, serviceIds: rows.slice(0, 2).map((row) => row.id), otherServiceId: rows[2]?.id ?? 0 };
}

/** Every answer a New Zealand business gives, valid (spec §3 keys, prefixes already stripped). */
export function validAnswers(catalogue: TestCatalogue, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    business_country: 'New Zealand',
    nzbn: '9429 0525 4931 4',
    trading_name: 'Kauri Cloud',
    legal_name: 'Kauri Cloud Limited',
    registrant_name: 'Aroha Ngata',
    registrant_email: 'aroha@kauri.example',
    registered_address: { line_1: '1 Queen Street', city: 'Auckland', postcode: '1010', country: 'New Zealand' },
    same_as_head_office: 'yes',
    contact_email: 'hello@kauri.example',
    contact_phone: '09 555 0142',
    type_of_company: 'Limited liability company',
    company_status: 'Registered',
    business_owner: 'Aroha Ngata',
    maori_business: 'yes',
    gst_status: 'registered',
    gst_number: '49-091-850',
    size_of_company: '2-19',
    years_in_business: 6,
    operational_location: 'Auckland and Wellington',
    pay_debts: 'yes',
    insolvency_proceedings: 'no',
    submit_financial_statement: 'no',
    has_been_investigated: 'no',
    has_disputes: 'no',
    has_legal: 'no',
    insurance: { public_liability: 2_000_000 },
    channel: catalogue.channelId,
    initial_catalogue: catalogue.catalogueId,
    services: catalogue.serviceIds,
    declaration_true: true,
    declaration_checks: true,
    declaration_authority: true,
    ...overrides,
  };
}
