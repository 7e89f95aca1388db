/**
 * /supplier: what buyers see of the active supplier (its public listing), a change of its legal
 * name or business numbers waiting for the team's review, its details grouped as the form asks
 * them, then its messages with the marketplace team (spec §7: the details load first, then their
 * threads).
 */
import { Link } from 'react-router';
import { useFlashMessage } from '../lib/use-flash-message';
import type { SupplierDetails } from '../../common/api/supplier-details';
import { formatDateTime } from '../../common/dates';
import { Screen } from '../lib/components/screen';
import { AnswersSummary } from '../lib/forms/answers-summary';
import { useActiveSupplier } from '../lib/active-supplier';
import { MessagesPanel } from '../threads/public';
import { PendingChangeSection } from './pending-change-section';
import { PublicListingSection } from './public-listing-section';
import { SupplierDetailsLoader } from './supplier-details-loader';
import { supplierDetailsPaths } from './supplier-details-paths';

/** When and for what the supplier registered, in words: no internal ids. */
function RegistrationSummary({ details }: { details: SupplierDetails }) {
  return (
    <dl className="answers__list">
      <div className="answers__row">
        <dt>Catalogue chosen when you registered</dt>
        <dd>{details.initial_catalogue_label ?? 'None chosen'}</dd>
      </div>
      <div className="answers__row">
        <dt>Last changed</dt>
        <dd>{formatDateTime(details.last_edited)}</dd>
      </div>
    </dl>
  );
}

export function SupplierDetailsScreen() {
  const supplier = useActiveSupplier();
  // "Your … changes were saved." after an edit screen's save.
  const [saved, setSaved] = useFlashMessage();
  return (
    <SupplierDetailsLoader supplierId={supplier.supplierID} title="Supplier details">
      {({ details: data, form }) => (
        <Screen title="Supplier details">
          <div role="status">
            {saved !== '' && (
              <div className="notice">
                <p>{saved}</p>
              </div>
            )}
          </div>
          <p>
            The details the government holds for <strong>{data.trading_name}</strong>.
            {supplier.isAdmin ? ' Keep them up to date: agencies rely on them.' : ' Only an administrator of your supplier can change them.'}
          </p>
          {data.pending_change !== null && (
            <PendingChangeSection change={data.pending_change} supplierId={supplier.supplierID} isAdmin={supplier.isAdmin} onWithdrawn={setSaved} />
          )}
          <PublicListingSection supplierId={supplier.supplierID} isAdmin={supplier.isAdmin} />
          <section className="answers__section" aria-labelledby="account-heading">
            <h2 id="account-heading">Your registration</h2>
            <RegistrationSummary details={data} />
          </section>
          <AnswersSummary
            steps={form.steps}
            answers={data}
            fileName={(id) => (id === data.financial_statement ? (data.financial_statement_name ?? undefined) : undefined)}
            renderStepActions={(step) =>
              supplier.isAdmin ? (
                <Link to={supplierDetailsPaths.editSupplier(step.id)}>
                  Change<span className="visually-hidden"> {step.title.toLowerCase()}</span>
                </Link>
              ) : null
            }
          />
          <MessagesPanel model="supplier" recordId={data.id} />
        </Screen>
      )}
    </SupplierDetailsLoader>
  );
}
