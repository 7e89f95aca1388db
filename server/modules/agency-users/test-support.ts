/** Factories for the tests of agency accounts (issue 31). Only tests import this file. */
import { createHash, randomBytes } from 'node:crypto';
import { agencyBearer, createSignedInUser, type SignedInUser } from '../../auth/test-support';
import type { Database } from '../../db/client';
import { agencyApplications } from '../../db/schema/index';
import type { TestContext } from '../../test/harness';

/** An approved agency's registration row, as the team's approval leaves it. */
export async function createApprovedAgency(db: Database, agencyName: string, contactEmail = ''): Promise<number> {
  const [row] = await db
    .insert(agencyApplications)
    .values({
      resumeTokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
      formVersion: 1,
      data: { agency_name: agencyName, contact_email: contactEmail },
      status: 'approved',
      lastStep: 4,
      agencyName,
      contactEmail,
      expiresAt: new Date(Date.now() + 86_400_000),
      submittedAt: new Date(),
      decidedAt: new Date(),
    })
    .returning({ id: agencyApplications.id });
  if (!row) {
    throw new Error('agency insert returned nothing');
  }
  return row.id;
}

export interface AgencyWithAdmin {
  agencyId: number;
  agencyName: string;
  admin: SignedInUser;
  /** Headers of a call by the admin for this agency. */
  headers: Record<string, string>;
}

/** An approved agency whose signed-in admin calls the routes. */
export async function createAgencyWithAdmin(context: TestContext, agencyName: string): Promise<AgencyWithAdmin> {
  const agencyId = await createApprovedAgency(context.database.db, agencyName);
  const admin = await createSignedInUser(context, { name: `${agencyName} Admin`, agencies: [{ agencyId, isAdmin: true }] });
  return { agencyId, agencyName, admin, headers: agencyBearer(admin.accessToken, agencyId) };
}
