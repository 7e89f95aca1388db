/**
 * What the portal publishes as open data (issue 32), in one place for the OCDS releases and the
 * public insights: a record both sides agree on, never a draft, a disputed or queried one, or one
 * its agency has not answered yet, nor one either side marked confidential.
 *
 * - An engagement notice once submitted and confirmed by the agency it names, unless the supplier
 *   or the agency marked it confidential. Withdrawn after
 *   that, its withdrawal is published; withdrawn before, nothing ever was.
 * - A billing report once submitted and confirmed by the agency, on a notice that is published.
 *
 * Each condition is for a statement that joins the table (and, for reports, the notice as
 * `engagementNotices`); the statement states its own supplier scope (ANY_SUPPLIER: open data
 * spans every supplier).
 */
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { billingReports, engagementNotices } from '../../db/schema/index';

/**
 * Neither side marked the engagement confidential. The marks cannot change once the agency
 * confirmed (common/reporting/confidentiality.ts), so a published notice stays publishable.
 */
function notConfidential(): SQL {
  return and(isNull(engagementNotices.supplierConfidentialReason), isNull(engagementNotices.agencyConfidentialReason)) as SQL;
}

/** A notice whose engagement is published: confirmed by its agency, still in force, not confidential. */
export function publishedNotice(): SQL {
  return and(eq(engagementNotices.status, 'submitted'), eq(engagementNotices.agencyResponse, 'confirmed'), notConfidential()) as SQL;
}

/** A notice once published and since withdrawn: its withdrawal is published. */
export function withdrawnPublishedNotice(): SQL {
  return and(eq(engagementNotices.status, 'withdrawn'), eq(engagementNotices.agencyResponse, 'confirmed'), notConfidential()) as SQL;
}

/** A report whose spend is published: confirmed by the agency, on a published notice (joined as `engagementNotices`). */
export function publishedReport(): SQL {
  return and(eq(billingReports.status, 'submitted'), eq(billingReports.agencyResponse, 'confirmed'), publishedNotice()) as SQL;
}
