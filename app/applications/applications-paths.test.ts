import { describe, expect, it } from 'vitest';
import { applicationsPaths } from './applications-paths';

describe('applicationsPaths (the dashboard application screens\' path builder)', () => {
  it('builds apply paths with and without a reference id', () => {
    expect(applicationsPaths.applyScreen(undefined, 'services')).toBe('/applications/apply/services');
    expect(applicationsPaths.applyScreen('MP-ABCD-1234', { step: 2 })).toBe('/applications/apply/MP-ABCD-1234/step/2');
    expect(applicationsPaths.applyStep('MP-ABCD-1234', 3)).toBe('/applications/apply/MP-ABCD-1234/step/3');
    expect(applicationsPaths.applyScreen('MP-ABCD-1234')).toBe('/applications/apply/MP-ABCD-1234');
  });

  it('builds the paths of applications by id', () => {
    expect(applicationsPaths.application(9)).toBe('/applications/application/9');
    expect(applicationsPaths.applicationData(9)).toBe('/applications/application/9/data');
  });
});
