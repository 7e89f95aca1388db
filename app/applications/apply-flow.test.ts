import { describe, expect, it } from 'vitest';
import { nextAfterStep, previousBeforeStep, progressOf, screenAt } from './apply-flow';

describe('the apply flow (progress is the screen to resume on)', () => {
  it('numbers the intro screens, then each form step, then confirm', () => {
    expect(progressOf('company-details', 4)).toBe(1);
    expect(progressOf('services', 4)).toBe(2);
    expect(progressOf('terms', 4)).toBe(3);
    expect(progressOf('onboarding', 4)).toBe(4);
    expect(progressOf({ step: 1 }, 4)).toBe(5);
    expect(progressOf({ step: 4 }, 4)).toBe(8);
    expect(progressOf('confirm', 4)).toBe(9);
  });

  it('resumes on the screen a progress names', () => {
    expect(screenAt(1, 0)).toBe('company-details');
    expect(screenAt(3, 3)).toBe('terms');
    expect(screenAt(6, 3)).toEqual({ step: 2 });
    expect(screenAt(8, 3)).toBe('confirm');
    // Fewer steps since (services changed): the confirmation; no form yet: the services.
    expect(screenAt(9, 2)).toBe('confirm');
    expect(screenAt(6, 0)).toBe('services');
  });

  it('moves between steps, to confirm after the last and onboarding before the first', () => {
    expect(nextAfterStep(1, 3)).toEqual({ step: 2 });
    expect(nextAfterStep(3, 3)).toBe('confirm');
    expect(previousBeforeStep(2)).toEqual({ step: 1 });
    expect(previousBeforeStep(1)).toBe('onboarding');
  });
});
