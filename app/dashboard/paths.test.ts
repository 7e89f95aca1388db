import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths (the dashboard route-path builder)', () => {
  it('builds apply paths with and without a reference id', () => {
    expect(paths.applyScreen(undefined, 'services')).toBe('/applications/apply/services');
    expect(paths.applyScreen('MP-ABCD-1234', { step: 2 })).toBe('/applications/apply/MP-ABCD-1234/step/2');
    expect(paths.applyStep('MP-ABCD-1234', 3)).toBe('/applications/apply/MP-ABCD-1234/step/3');
    expect(paths.applyScreen('MP-ABCD-1234')).toBe('/applications/apply/MP-ABCD-1234');
  });

  it('builds the paths of records by id', () => {
    expect(paths.application(9)).toBe('/applications/application/9');
    expect(paths.applicationData(9)).toBe('/applications/application/9/data');
    expect(paths.editSupplierUser(4)).toBe('/users/edit/4');
    expect(paths.editSupplier()).toBe('/supplier/edit/company-details');
    expect(paths.editSupplier('validation')).toBe('/supplier/edit/validation');
  });
});
