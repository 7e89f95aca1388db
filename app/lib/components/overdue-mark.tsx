/** A queue row's mark once an item has waited past the team's review target (REVIEW_TARGET_DAYS, from GET /admin/queues). */
import { isOverdue } from '../../../common/working-days';
import { StatusTag } from './status-tag';

export function OverdueMark({ targetDays }: { targetDays: number | undefined }) {
  return (
    <span className="list-table__detail">
      <StatusTag tone="refused">Overdue</StatusTag> past the {targetDays} working day target
    </span>
  );
}

/** Whether an item waiting since `since` (ISO 8601) is past the target; never while the target is unknown (still loading). */
export function isPastTarget(since: string, now: Date, targetDays: number | undefined): boolean {
  return targetDays !== undefined && isOverdue(new Date(since), now, targetDays);
}
