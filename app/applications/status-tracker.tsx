/**
 * The stages of an application (spec §4) as an ordered list: each with its label, what it means
 * and the date it was reached; the current one marked `aria-current="step"`. Declined shows only
 * for a declined application.
 */
import { APPLICATION_STAGES, stageExplanation, type ApplicationStatus } from '../../common/application-stages';
import { formatDate } from '../../common/dates';

export function StatusTracker({
  status,
  statusTimestamps,
  productName,
}: {
  status: ApplicationStatus;
  statusTimestamps: Record<string, string>;
  productName: string;
}) {
  const stages = APPLICATION_STAGES.filter((stage) => stage.code !== 'declined' || status === 'declined');
  return (
    <ol className="status-tracker" aria-label="Application progress">
      {stages.map((stage) => {
        const reached = statusTimestamps[stage.code];
        const isCurrent = stage.code === status;
        const state = isCurrent ? 'current' : reached ? 'done' : 'upcoming';
        return (
          <li key={stage.code} className={`status-tracker__stage status-tracker__stage--${state}`} aria-current={isCurrent ? 'step' : undefined}>
            <p className="status-tracker__label">
              <strong>{stage.label}</strong>
              {isCurrent && <span className="visually-hidden"> (current stage)</span>}
            </p>
            <p className="status-tracker__explanation">{stageExplanation(stage, productName)}</p>
            <p className="status-tracker__date">
              {reached ? (
                <>
                  Reached <time dateTime={reached}>{formatDate(reached)}</time>
                </>
              ) : (
                'Not reached yet'
              )}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
