import { describe, expect, it } from 'vitest';
import { supplierUsersPaths } from './supplier-users-paths';

describe('supplierUsersPaths (the dashboard user-management screens\' path builder)', () => {
  it('builds the path of a user by id', () => {
    expect(supplierUsersPaths.editSupplierUser(4)).toBe('/users/edit/4');
  });
});
