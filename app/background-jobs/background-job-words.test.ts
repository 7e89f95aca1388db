import { describe, expect, it } from 'vitest';
import type { BackgroundJob } from '../../common/api/background-jobs';
import { actionLabels, attemptsText, cancelConfirmation, countsText, jobName, nextTryText, outcomeMessage, reasonText } from './background-job-words';

const mail: BackgroundJob = {
  id: '6f1c1a52-41c4-4a57-9d55-0d1f3b1c9a01',
  label: 'Email',
  description: '“Your invitation” to aroha@example.com',
  recipient: 'aroha@example.com',
  state: 'failed',
  attempts: 3,
  maxAttempts: 3,
  createdAt: '2026-11-20T01:00:00.000Z',
  nextAttemptAt: null,
  reason: null,
};
const reminder: BackgroundJob = { ...mail, label: 'Billing reminders', description: 'Billing reminders', recipient: null, state: 'retry', nextAttemptAt: '2026-11-29T03:30:00.000Z' };

describe('what the failed mail and jobs screen says', () => {
  it('names a mail by its subject and recipient, another job by its quoted kind', () => {
    expect(jobName(mail)).toBe('“Your invitation” to aroha@example.com');
    expect(jobName(reminder)).toBe('“Billing reminders”');
  });

  it('says the tries, the next try (New Zealand time) and why, even when no reason was kept', () => {
    expect(attemptsText(mail)).toBe('3 of 3');
    expect(nextTryText(mail)).toBe('Not unless you retry it');
    expect(nextTryText(reminder)).toBe('29 November 2026, 4:30 pm');
    expect(reasonText(mail)).toBe('No reason was recorded.');
    expect(reasonText({ reason: 'Connection timeout' })).toBe('Connection timeout');
  });

  it('offers retry and dismiss for a failed job, retry now and cancel for a waiting one', () => {
    expect(actionLabels(mail)).toEqual({ retry: 'Retry', cancel: 'Dismiss' });
    expect(actionLabels(reminder)).toEqual({ retry: 'Retry now', cancel: 'Cancel' });
    expect(cancelConfirmation(mail)).toEqual({
      title: 'Dismiss this failed email?',
      body: '“Your invitation” to aroha@example.com will be removed from this list and never tried again. This cannot be undone.',
      confirmLabel: 'Dismiss the email',
    });
    expect(cancelConfirmation(reminder)).toEqual({
      title: 'Cancel this job?',
      body: '“Billing reminders” will not be tried again. This cannot be undone.',
      confirmLabel: 'Cancel the job',
    });
  });

  it('says what each action did, and counts in words', () => {
    expect(outcomeMessage('dismissed', mail)).toBe('The email “Your invitation” to aroha@example.com was dismissed: it will not be tried again.');
    expect(outcomeMessage('running-now', reminder)).toBe('The job “Billing reminders” will be tried again in the next few seconds. If it fails again, it will be listed here.');
    expect(countsText({ failed: 2, waiting: 0 })).toBe('2 failed');
    expect(countsText({ failed: 0, waiting: 1 })).toBe('1 waiting to retry');
    expect(countsText({ failed: 0, waiting: 0 })).toBe('');
  });
});
