import { describe, expect, it } from 'vitest';
import { supplierDetailsPaths } from './supplier-details-paths';

describe('supplierDetailsPaths (the dashboard supplier details screens\' path builder)', () => {
  it('builds the path of a step of the edit screen, the first by default', () => {
    expect(supplierDetailsPaths.editSupplier()).toBe('/supplier/edit/company-details');
    expect(supplierDetailsPaths.editSupplier('validation')).toBe('/supplier/edit/validation');
  });
});
