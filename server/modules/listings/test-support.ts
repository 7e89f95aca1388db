/**
 * Factories for tests that need service listings: complete answers of the listing form's version 1,
 * and a listing inserted straight into the database in any status (independent of the supplier's
 * listing routes). Only tests import this file.
 */
import type { ServiceListingStatus } from '../../../common/listings/service-listings';
import type { Database } from '../../db/client';
import { serviceListings } from '../../db/schema/index';

/** A listing filled in as a supplier would: every required answer of the form's version 1, and one document when given. */
export function completeListingAnswers(documentFileId?: string): Record<string, Record<string, unknown>> {
  return {
    about: { summary: 'Managed backups for agencies, tested monthly.', features: ['Daily backups', 'Monthly restore test'], benefits: ['Nothing lost'] },
    delivery: { delivery_modes: ['remote'], locations: ['Wellington', 'Canterbury'] },
    pricing: { pricing_model: 'subscription', price_from: 50_000, price_to: 150_000, price_unit: 'per month', included: 'Backups, restores and reports.' },
    'service-levels': { service_levels: 'Support 8am to 6pm on working days; answers within 4 working hours.' },
    ...(documentFileId ? { documents: { documents: [{ kind: 'insurance', file: documentFileId, expires_on: '2027-06-30', buyers_only: false }] } } : {}),
  };
}

/** A complete listing of the service in the given status (approved unless told), as the supplier and the team would have left it. */
export async function createTestListing(
  db: Database,
  spec: { supplierId: number; serviceId: number; applicationId?: number | null; status?: ServiceListingStatus },
): Promise<number> {
  const status = spec.status ?? 'approved';
  const [row] = await db
    .insert(serviceListings)
    .values({
      supplierId: spec.supplierId,
      serviceId: spec.serviceId,
      applicationId: spec.applicationId ?? null,
      formVersion: 1,
      data: completeListingAnswers(),
      status,
      submittedAt: status === 'draft' ? null : new Date(),
    })
    .returning({ id: serviceListings.id });
  if (!row) {
    throw new Error('listing insert returned nothing');
  }
  return row.id;
}
