/**
 * Demo data for a fresh database: sales channels, catalogues, services, suppliers with listings,
 * service listings in every status, a year of finished applications, agency registrations,
 * engagement notices, billing reports and message threads, and demo people who can sign in to the
 * embedded identity provider with DEMO_PASSWORD.
 */
import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/client';
import {
  auditLog,
  catalogues,
  channels,
  identityAccounts,
  services,
  supplierMemberships,
  supplierServices,
  suppliers,
  users,
} from '../db/schema/index';
import type { Storage } from '../storage/index';
import { insertDemoAgencies, insertDemoAgencyPeople, insertDemoShortlists } from './demo-agencies';
import { insertDemoApplication } from './demo-application';
import { insertDemoApplicationHistory } from './demo-application-history';
import { storeDemoListingDocuments } from './demo-listing-documents';
import { insertDemoListings } from './demo-listings';
import { insertDemoMailJobs } from './demo-mail-jobs';
import { insertDemoRegistration } from './demo-registration';
import { insertDemoSecondFactors } from './demo-second-factors';
import { insertDemoSupplierChange } from './demo-supplier-change';
import { insertDemoPublishedEngagements, insertDemoReporting } from './demo-reporting';
import { insertDemoThreads } from './demo-threads';
import { demoChannels } from './demo-catalogue';
import { demoDetails } from './demo-details';
import { demoSuppliers, demoUsers, type DemoSupplier, type DemoUser } from './demo-suppliers';
import { mulberry32 } from './random';

export const DEMO_PASSWORD = 'demo-password';

export interface DemoAccount {
  email: string;
  name: string;
  /** One-line description of what the account can do. */
  role: string;
}

/** The accounts that can sign in with DEMO_PASSWORD, for the README and start-up output. */
export const demoAccounts: readonly DemoAccount[] = demoUsers.flatMap((user) =>
  user.account ? [{ email: user.email, name: user.name, role: user.account.role }] : [],
);

/** Advisory-lock key so two processes starting on an empty database do not both seed. */
const SEED_LOCK_KEY = 7_305_001;
/** Listings are published on fixed dates so the data is the same on every start. */
const FIRST_PUBLISHED_AT = Date.UTC(2024, 1, 1);
const DAY_MS = 86_400_000;

export interface SeedOptions {
  /** Also a failed and a waiting mail job (./demo-mail-jobs.ts): the job queue must be open. */
  withMailJobs?: boolean;
  /**
   * Where the demo listings' document files go (./demo-listing-documents.ts). Without it their rows
   * are seeded and the bytes are not: a download answers that the file is not there.
   */
  storage?: Storage;
}

/**
 * Seeds demo data when the database has no suppliers yet; returns true when it seeded. Runs in one
 * transaction. `now` is when the seed counts as made (the billing reminder due then is not sent).
 */
export async function seedDemoData(db: Database, now = new Date(), options: SeedOptions = {}): Promise<boolean> {
  if (await hasSuppliers(db)) {
    return false;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // The bytes before the rows, outside the transaction: a seed rolled back leaves three small files
  // that the next seed writes over.
  if (options.storage) {
    await storeDemoListingDocuments(options.storage);
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await hasSuppliers(tx)) {
      return false;
    }
    const { servicesByChannel, firstCatalogueByChannel } = await insertCatalogue(tx);
    const supplierIds = await insertSuppliers(tx, firstCatalogueByChannel);
    const listings = demoSuppliers.flatMap((supplier, index) =>
      chooseListings(supplier, index, lookup(supplierIds, supplier.tradingName), lookup(servicesByChannel, supplier.focus)),
    );
    await tx.insert(supplierServices).values(listings);
    for (const user of demoUsers) {
      await insertUser(tx, user, supplierIds, passwordHash);
    }
    await insertDemoSecondFactors(tx);
    const [firstSupplier] = demoSuppliers;
    if (firstSupplier) {
      await insertDemoApplication(tx, lookup(supplierIds, firstSupplier.tradingName), firstSupplier.focus);
    }
    await insertDemoAgencies(tx);
    await insertDemoAgencyPeople(tx, now);
    await insertDemoShortlists(tx, supplierIds, now);
    await insertDemoRegistration(tx);
    await insertDemoSupplierChange(tx, lookup(supplierIds, 'Harbourside Consulting'), now);
    const reporting = firstSupplier ? await insertDemoReporting(tx, lookup(supplierIds, firstSupplier.tradingName), now) : { notices: 0, reports: 0 };
    const published = await insertDemoPublishedEngagements(tx, supplierIds);
    const demoThreads = await insertDemoThreads(tx, supplierIds, now);
    const serviceListingCount = await insertDemoListings(tx, supplierIds, now);
    // After the listings: the history's declined services are ones no other demo application asks for.
    const pastApplications = await insertDemoApplicationHistory(tx, supplierIds, now);
    const mailJobs = options.withMailJobs === true ? await insertDemoMailJobs(tx, now) : 0;
    const after = {
      channels: demoChannels.length,
      catalogues: demoChannels.reduce((total, channel) => total + channel.catalogues.length, 0),
      services: [...servicesByChannel.values()].reduce((total, ids) => total + ids.length, 0),
      suppliers: demoSuppliers.length,
      listings: listings.length,
      users: demoUsers.length,
      accounts: demoAccounts.length,
      registrations: 1,
      pastApplications,
      engagementNotices: reporting.notices + published.notices,
      billingReports: reporting.reports + published.reports,
      threads: demoThreads,
      serviceListings: serviceListingCount,
      ...(mailJobs > 0 ? { mailJobs } : {}),
    };
    await tx.insert(auditLog).values({ action: 'demo.seed', entity: 'database', entityId: 'demo', actorUserId: null, after });
    return true;
  });
}

async function hasSuppliers(db: Database): Promise<boolean> {
  const rows = await db.select({ id: suppliers.id }).from(suppliers).limit(1);
  return rows.length > 0;
}

/** Inserts channels, catalogues and services; returns the service ids and first catalogue of each channel by slug. */
async function insertCatalogue(tx: Database) {
  const servicesByChannel = new Map<string, number[]>();
  const firstCatalogueByChannel = new Map<string, number>();
  for (const [position, { catalogues: channelCatalogues, ...channel }] of demoChannels.entries()) {
    const { id: channelId } = only(await tx.insert(channels).values({ ...channel, position }).returning({ id: channels.id }));
    const ids: number[] = [];
    for (const [cataloguePosition, { services: catalogueServices, ...catalogue }] of channelCatalogues.entries()) {
      const values = { ...catalogue, channelId, position: cataloguePosition };
      const { id: catalogueId } = only(await tx.insert(catalogues).values(values).returning({ id: catalogues.id }));
      if (!firstCatalogueByChannel.has(channel.slug)) {
        firstCatalogueByChannel.set(channel.slug, catalogueId);
      }
      const rows = await tx
        .insert(services)
        .values(catalogueServices.map((service) => ({ ...service, catalogueId })))
        .returning({ id: services.id });
      ids.push(...rows.map((row) => row.id));
    }
    servicesByChannel.set(channel.slug, ids);
  }
  return { servicesByChannel, firstCatalogueByChannel };
}

/** Inserts the suppliers with complete details; returns their ids by trading name. */
async function insertSuppliers(tx: Database, firstCatalogueByChannel: Map<string, number>): Promise<Map<string, number>> {
  const rows = await tx
    .insert(suppliers)
    .values(
      demoSuppliers.map(({ focus, ...supplier }, index) => ({
        ...supplier,
        initialCatalogueId: firstCatalogueByChannel.get(focus) ?? null,
        details: demoDetails({ focus, ...supplier }, index),
      })),
    )
    .returning({ id: suppliers.id, tradingName: suppliers.tradingName });
  return new Map(rows.map((row) => [row.tradingName, row.id]));
}

/**
 * A deterministic choice of listings from the supplier's channel: 2–8 published listings for an
 * approved supplier, 1–3 unpublished ones otherwise.
 */
function chooseListings(supplier: DemoSupplier, index: number, supplierId: number, pool: readonly number[]) {
  const random = mulberry32(index + 1);
  const approved = supplier.status === 'approved';
  const count = approved ? 2 + Math.floor(random() * 7) : 1 + Math.floor(random() * 3);
  const shuffled = pool
    .map((serviceId) => ({ serviceId, key: random() }))
    .sort((a, b) => a.key - b.key)
    .map((entry) => entry.serviceId);
  const publishedAt = approved ? new Date(FIRST_PUBLISHED_AT + index * 9 * DAY_MS) : null;
  return shuffled.slice(0, count).map((serviceId) => ({ supplierId, serviceId, publishedAt }));
}

/** Inserts a user, their memberships (the first becomes active) and their sign-in account. */
async function insertUser(tx: Database, user: DemoUser, supplierIds: Map<string, number>, passwordHash: string) {
  const memberships = user.memberships.map((m) => ({ supplierId: lookup(supplierIds, m.supplier), isAdmin: m.isAdmin }));
  const activeSupplierId = memberships[0]?.supplierId ?? null;
  const { email, name, isTeamMember } = user;
  const isTeamAdmin = user.isTeamAdmin ?? false;
  const { id: userId } = only(
    await tx
      .insert(users)
      .values({ email, name, isTeamMember, isTeamAdmin, teamSince: isTeamMember ? new Date() : null, activeSupplierId })
      .returning({ id: users.id }),
  );
  if (memberships.length > 0) {
    await tx.insert(supplierMemberships).values(memberships.map((m) => ({ ...m, userId })));
  }
  if (user.account) {
    await tx.insert(identityAccounts).values({ id: user.account.id, email, name, passwordHash });
  }
}


function only<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (row === undefined) {
    throw new Error('Insert returned no row');
  }
  return row;
}

function lookup<V>(source: ReadonlyMap<string, V>, key: string): V {
  const value = source.get(key);
  if (value === undefined) {
    throw new Error(`Demo data refers to unknown "${key}"`);
  }
  return value;
}
