/**
 * /admin/supplier-changes/{id}: one supplier's change of legal name or business numbers, field by
 * field (what the directory shows now and what the supplier asked for), and the decision: approve
 * (the directory and the public profile take the new details) or decline with a reason (emailed to
 * the supplier's people). Once decided it says who decided and when; a 409 (decided by someone
 * else, or a number that now belongs to another supplier) shows the server's message.
 */
import '../styles/applications.css';
import '../styles/lists.css';
import '../styles/review.css';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SUPPLIER_CHANGE_REASON_MAX_LENGTH, type TeamSupplierChange } from '../../common/api/supplier-detail-changes';
import { formatDateTime } from '../../common/dates';
import { DecisionPanel, DecisionRecordScreen } from '../lib/components/decision-panel';
import { StatusTag } from '../lib/components/status-tag';
import { timeWaiting } from '../lib/time-waiting';
import { useRecordIdParam } from '../lib/use-record-id-param';
import { approveSupplierChange, declineSupplierChange, rememberChangeDecision, supplierChangeQueryKeys, useSupplierChangeForReview } from './supplier-change-api';
import { SupplierChangeFields } from './supplier-change-fields';
import { SUPPLIER_CHANGE_STATUS_LABELS, SUPPLIER_CHANGE_STATUS_TONES } from './supplier-change-statuses';
import { supplierManagementPaths } from './supplier-management-paths';

export function SupplierChangeReviewScreen() {
  const id = useRecordIdParam();
  const change = useSupplierChangeForReview(id);
  return (
    <DecisionRecordScreen
      kind="Name and business number change"
      noun="change"
      record={change}
      isValidId={id > 0}
      notFound={
        <>
          <p>There is no such change. The link may be wrong.</p>
          <p>
            <Link to={supplierManagementPaths.changes()}>Go to the name and business number changes</Link>
          </p>
        </>
      }
      loadingLabel="Loading the change…"
      loadFailedMessage="We could not load this change."
      titleOf={(loaded) => `Change to ${loaded.tradingName}`}
    >
      {(loaded, outcome) => (
        <ChangeReview
          change={loaded}
          onDecided={(decided, decision) =>
            outcome.decided(
              decision === 'approved'
                ? `You approved the change. The directory and the public profile of ${decided.tradingName} now show it, and we have emailed its people.`
                : `You declined the change. We have emailed your reason to the people of ${decided.tradingName}.`,
            )
          }
          onConflict={outcome.conflicted}
        />
      )}
    </DecisionRecordScreen>
  );
}

function ChangeReview({
  change,
  onDecided,
  onConflict,
}: {
  change: TeamSupplierChange;
  onDecided: (change: TeamSupplierChange, decision: 'approved' | 'declined') => void;
  onConflict: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const isWaiting = change.status === 'pending';
  return (
    <>
      <dl className="answers__list facts-list">
        <Fact term="Status">
          <StatusTag tone={SUPPLIER_CHANGE_STATUS_TONES[change.status]}>{SUPPLIER_CHANGE_STATUS_LABELS[change.status]}</StatusTag>
        </Fact>
        <Fact term="Supplier">
          <Link to={supplierManagementPaths.supplier(change.supplierId)}>{change.tradingName}</Link>
        </Fact>
        <Fact term="Asked for by">{change.requestedBy ?? 'A former user'}</Fact>
        <Fact term="Asked on">{formatDateTime(change.requestedAt)}</Fact>
        {isWaiting && <Fact term="Waiting">{timeWaiting(change.requestedAt)}</Fact>}
        {!isWaiting && (
          <Fact term={SUPPLIER_CHANGE_STATUS_LABELS[change.status]}>
            {change.decidedAt === null ? 'Date not recorded' : formatDateTime(change.decidedAt)}
            {change.decidedBy !== null && ` by ${change.decidedBy}`}
          </Fact>
        )}
        {change.status === 'declined' && change.reason !== null && (
          <Fact term="Reason given">
            <span className="review-reasons">{change.reason}</span>
          </Fact>
        )}
      </dl>
      <section aria-labelledby="change-fields">
        <h2 id="change-fields">What the supplier asked to change</h2>
        <p>Check the new details against the NZBN register or the Australian Business Register before you approve them.</p>
        <SupplierChangeFields fields={change.fields} caption={`The change to ${change.tradingName}, field by field`} />
      </section>
      {isWaiting && (
        <DecisionPanel
          noun="change"
          name={change.tradingName}
          reasonsRecipient={`the people of ${change.tradingName}`}
          reasonsMaxLength={SUPPLIER_CHANGE_REASON_MAX_LENGTH}
          approveConsequence={<p>The directory and the public profile of {change.tradingName} will show the new details at once, and we will email its people.</p>}
          approve={() => approveSupplierChange(change.id)}
          decline={(reason) => declineSupplierChange(change.id, reason)}
          onDecided={(decided, decision) => {
            rememberChangeDecision(queryClient, decided);
            onDecided(decided, decision);
          }}
          onConflict={(message) => {
            void queryClient.invalidateQueries({ queryKey: [...supplierChangeQueryKeys.all, 'list'] });
            onConflict(message);
          }}
        />
      )}
      <p>
        <Link to={supplierManagementPaths.changes()}>Back to the name and business number changes</Link>
      </p>
    </>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="answers__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
