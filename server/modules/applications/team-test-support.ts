/**
 * Factories for the admin applications tests: applications inserted straight into the database at
 * any stage (independent of the supplier-side applications API), a supplier with a signed-in
 * admin, and a team member. Only tests import this file.
 */
import { randomInt } from 'node:crypto';
import { APPLICATION_FORM_KEY, CATALOGUE_FORM_KEY } from '../../db/content/application-forms';
import type { ApplicationServiceStatus, ApplicationStatusCode } from '../../db/schema/index';
import { applicationServices, applications } from '../../db/schema/index';
import { bearer, createSignedInUser, createSupplierWithMembers, type SignedInUser } from '../../auth/test-support';
import type { SupplierStatus } from '../../db/schema/index';
import type { TestContext } from '../../test/harness';

const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A reference id in the portal's format (`MP-XXXX-XXXX`). */
export function createReferenceId(): string {
  const group = () => Array.from({ length: 4 }, () => REFERENCE_ALPHABET.charAt(randomInt(REFERENCE_ALPHABET.length))).join('');
  return `MP-${group()}-${group()}`;
}

export interface TestApplicationSpec {
  supplierId: number;
  status?: ApplicationStatusCode;
  /** Requested service ids, with their decision ('requested' unless told). */
  services: { serviceId: number; status?: ApplicationServiceStatus }[];
  lastEdited?: Date;
  /** When it reached its status (its statusTimestamps entry); none when not told. */
  stageSince?: Date;
}

export interface TestApplication {
  id: number;
  referenceId: string;
}

/** An application as the supplier side would have stored it at the given stage (submitted by default). */
export async function createTestApplication(context: TestContext, spec: TestApplicationSpec): Promise<TestApplication> {
  const { db } = context.database;
  const status = spec.status ?? 'submitted';
  const lastEdited = spec.lastEdited ?? new Date();
  const [row] = await db
    .insert(applications)
    .values({
      referenceId: createReferenceId(),
      supplierId: spec.supplierId,
      formVersions: [
        { key: APPLICATION_FORM_KEY, version: 1 },
        { key: CATALOGUE_FORM_KEY, version: 1 },
      ],
      data: { services: spec.services.map((service) => service.serviceId), termsAccepted: true, answers: {} },
      status,
      progress: 1,
      statusTimestamps: {
        ...(status === 'incomplete' ? {} : { submitted: lastEdited.toISOString() }),
        ...(spec.stageSince === undefined ? {} : { [status]: spec.stageSince.toISOString() }),
      },
      lastEdited,
    })
    .returning({ id: applications.id, referenceId: applications.referenceId });
  if (!row) {
    throw new Error('application insert returned nothing');
  }
  if (spec.services.length > 0) {
    await db
      .insert(applicationServices)
      .values(spec.services.map((service) => ({ applicationId: row.id, serviceId: service.serviceId, status: service.status ?? 'requested' })));
  }
  return row;
}

export interface ApplicantSupplier {
  supplierId: number;
  tradingName: string;
  admin: SignedInUser;
  /** Headers of a dashboard call by the supplier's admin. */
  headers: Record<string, string>;
}

/** A supplier (an applicant unless told) with a signed-in admin member. */
export async function createApplicantSupplier(context: TestContext, tradingName: string, status: SupplierStatus = 'applicant'): Promise<ApplicantSupplier> {
  const { supplierId } = await createSupplierWithMembers(context.database.db, { tradingName, status });
  const admin = await createSignedInUser(context, { name: `${tradingName} Admin`, suppliers: [{ supplierId, isAdmin: true }] });
  return { supplierId, tradingName, admin, headers: bearer(admin.accessToken, supplierId) };
}

/** A signed-in member of the marketplace team; returns the headers of its calls and its user. */
export async function createTeamMemberUser(context: TestContext): Promise<{ headers: Record<string, string>; user: SignedInUser['user'] }> {
  const teamMember = await createSignedInUser(context, { name: 'Marketplace Team', isTeamMember: true });
  return { headers: bearer(teamMember.accessToken), user: teamMember.user };
}
