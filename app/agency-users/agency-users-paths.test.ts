import { describe, expect, it } from 'vitest';
import { agencyUsersPaths } from './agency-users-paths';

describe("agencyUsersPaths (the agency dashboard people screens' path builder)", () => {
  it('builds the path of a person by id', () => {
    expect(agencyUsersPaths.editAgencyUser(4)).toBe('/people/edit/4');
  });
});
