import { describe, expect, it } from 'vitest';
import { agencyResumeTarget } from './agency-form';

describe('agencyResumeTarget (spec §4 "Agency resume")', () => {
  it('goes to completed for Approved, Complete1 and Complete, whatever the last step', () => {
    for (const status of ['Approved', 'Complete1', 'Complete']) {
      expect(agencyResumeTarget({ status, lastStep: 2 }), status).toEqual({ kind: 'completed' });
      expect(agencyResumeTarget({ status }), status).toEqual({ kind: 'completed' });
    }
  });

  it('goes to the saved last step otherwise', () => {
    expect(agencyResumeTarget({ status: 'Incomplete', lastStep: 3 })).toEqual({ kind: 'step', step: 3 });
    expect(agencyResumeTarget({ status: 'Incomplete', lastStep: 4 })).toEqual({ kind: 'step', step: 4 });
  });

  it('goes to step one without a last step, or with one that is not a step of the form', () => {
    expect(agencyResumeTarget({ status: 'Incomplete' })).toEqual({ kind: 'step', step: 1 });
    expect(agencyResumeTarget({ status: 'Incomplete', lastStep: null })).toEqual({ kind: 'step', step: 1 });
    expect(agencyResumeTarget({ lastStep: 0 })).toEqual({ kind: 'step', step: 1 });
    expect(agencyResumeTarget({ lastStep: 9 })).toEqual({ kind: 'step', step: 1 });
    expect(agencyResumeTarget({ status: 'complete', lastStep: 2 })).toEqual({ kind: 'step', step: 2 });
  });
});
