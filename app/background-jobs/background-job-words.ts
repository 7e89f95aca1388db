/**
 * What the failed mail and jobs screen says of a job, in plain words: its state, its tries, when it
 * is tried next, what its buttons are called, what a confirmation asks and what an action did.
 * No id or queue name is ever shown: a job is its kind and its description.
 */
import type { BackgroundJob, BackgroundJobOutcome } from '../../common/api/background-jobs';
import type { StatusTone } from '../../common/application-stages';
import { formatDateTime } from '../../common/dates';

/** 'email' for a mail, 'job' for anything else: the word a sentence names it by. */
export function jobNoun(job: Pick<BackgroundJob, 'recipient'>): 'email' | 'job' {
  return job.recipient === null ? 'job' : 'email';
}

/** The job as a sentence names it: a mail by its quoted subject and recipient, another job by its quoted kind. */
export function jobName(job: Pick<BackgroundJob, 'recipient' | 'description'>): string {
  return job.recipient === null ? `“${job.description}”` : job.description;
}

export function jobStateTag(job: Pick<BackgroundJob, 'state'>): { tone: StatusTone; label: string } {
  return job.state === 'failed' ? { tone: 'refused', label: 'Failed' } : { tone: 'waiting', label: 'Waiting to retry' };
}

/** '2 of 11'. */
export function attemptsText(job: Pick<BackgroundJob, 'attempts' | 'maxAttempts'>): string {
  return `${String(job.attempts)} of ${String(job.maxAttempts)}`;
}

/** When it is tried next: a waiting job's time (New Zealand time); a failed one only when someone retries it. */
export function nextTryText(job: Pick<BackgroundJob, 'state' | 'nextAttemptAt'>): string {
  return job.state === 'retry' && job.nextAttemptAt !== null ? formatDateTime(job.nextAttemptAt) : 'Not unless you retry it';
}

export function reasonText(job: Pick<BackgroundJob, 'reason'>): string {
  return job.reason ?? 'No reason was recorded.';
}

/** The buttons' words: a failed job is retried or dismissed; a waiting one retried now or cancelled. */
export function actionLabels(job: Pick<BackgroundJob, 'state'>): { retry: string; cancel: string } {
  return job.state === 'failed' ? { retry: 'Retry', cancel: 'Dismiss' } : { retry: 'Retry now', cancel: 'Cancel' };
}

/** What the dialog before a cancel or dismiss asks, and what its button says. */
export function cancelConfirmation(job: Pick<BackgroundJob, 'state' | 'recipient' | 'description'>): { title: string; body: string; confirmLabel: string } {
  const noun = jobNoun(job);
  if (job.state === 'failed') {
    return {
      title: `Dismiss this failed ${noun}?`,
      body: `${jobName(job)} will be removed from this list and never tried again. This cannot be undone.`,
      confirmLabel: `Dismiss the ${noun}`,
    };
  }
  return {
    title: `Cancel this ${noun}?`,
    body: `${jobName(job)} will not be tried again${noun === 'email' ? ', so it will not be sent' : ''}. This cannot be undone.`,
    confirmLabel: `Cancel the ${noun}`,
  };
}

/** The success message after an action. */
export function outcomeMessage(outcome: BackgroundJobOutcome, job: Pick<BackgroundJob, 'recipient' | 'description'>): string {
  const noun = jobNoun(job);
  const what = `The ${noun} ${jobName(job)}`;
  switch (outcome) {
    case 'retried':
    case 'running-now':
      return `${what} will be tried again in the next few seconds. If it fails again, it will be listed here.`;
    case 'cancelled':
      return `${what} was cancelled: it will not be tried again.`;
    case 'dismissed':
      return `${what} was dismissed: it will not be tried again.`;
  }
}

/** '2 failed and 1 waiting to retry'; '' when there are none. */
export function countsText({ failed, waiting }: { failed: number; waiting: number }): string {
  return [failed > 0 ? `${String(failed)} failed` : '', waiting > 0 ? `${String(waiting)} waiting to retry` : ''].filter(Boolean).join(' and ');
}
