/**
 * Tells a person that a business they belong to is suspended, with the team's reason and whom to
 * ask: a suspended business leaves the account switcher and the dashboard, and this says why
 * instead of leaving it out silently.
 */
import type { SuspendedSupplier } from '../../common/api/user';
import { mailtoHref, telHref } from '../../common/contact-links';
import { getPageData } from '../lib/page-data';
import { getProductTeamName } from '../lib/product-team';

export function SuspendedSuppliersNotice({ suppliers }: { suppliers: readonly SuspendedSupplier[] }) {
  if (suppliers.length === 0) {
    return null;
  }
  const { productName, teamContact } = getPageData();
  return (
    <section className="notice suspended-notice" aria-labelledby="suspended-notice-title">
      {/* Not a heading: it may come before the screen's h1. */}
      <p id="suspended-notice-title">
        <strong>{suppliers.length === 1 ? 'A business you belong to is suspended' : 'Businesses you belong to are suspended'}</strong>
      </p>
      {suppliers.map((supplier) => (
        <div key={supplier.supplierID}>
          <p>
            The {getProductTeamName()} has suspended <strong>{supplier.tradingName}</strong>. While it is suspended, it is not in the
            approved-suppliers directory and you cannot use its dashboard.
          </p>
          {supplier.reason !== null && (
            <p>
              The team&apos;s reason: <q>{supplier.reason}</q>
            </p>
          )}
        </div>
      ))}
      <p>
        To ask about it, contact the {productName} team: email <a href={mailtoHref(teamContact.email)}>{teamContact.email}</a> or phone{' '}
        <a href={telHref(teamContact.phone)}>{teamContact.phone}</a>.
      </p>
    </section>
  );
}
