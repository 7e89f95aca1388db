import { describe, expect, it } from 'vitest';
import type { DirectoryTree } from '../api/directory';
import { BUSINESS_NUMBER_MESSAGES } from '../business-numbers';
import { registrationRuleErrors, SERVICES_REQUIRED_MESSAGE } from './rules';

const tree: DirectoryTree = [
  { id: 1, title: 'Digital', catalogues: [{ id: 10, title: 'Cloud', services: [{ id: 100, title: 'Hosting' }, { id: 101, title: 'Backup' }] }] },
  { id: 2, title: 'Facilities', catalogues: [{ id: 20, title: 'Cleaning', services: [{ id: 200, title: 'Offices' }] }] },
];
const context = { businessCountry: 'New Zealand', tree };

describe('registrationRuleErrors', () => {
  it('checks the check digits of an NZBN, ABN and ACN, spaces and hyphens allowed', () => {
    expect(registrationRuleErrors('business', { nzbn: '9429 0415 2574 6' }, context)).toEqual([]);
    expect(registrationRuleErrors('business', { nzbn: '9429041525747', abn: '51-824-753-557', acn: '005 499 981' }, context)).toEqual([
      { path: ['nzbn'], message: BUSINESS_NUMBER_MESSAGES.nzbn },
      { path: ['abn'], message: BUSINESS_NUMBER_MESSAGES.abn },
    ]);
  });

  it('checks the GST number by the country of step 1', () => {
    const gst = { gst_status: 'registered', gst_number: '49-091-850' };
    expect(registrationRuleErrors('company', gst, context)).toEqual([]);
    expect(registrationRuleErrors('company', gst, { ...context, businessCountry: 'Australia' })).toEqual([
      { path: ['gst_number'], message: expect.stringContaining('ABN') as string },
    ]);
  });

  it('takes services only from the chosen catalogue of the chosen channel, and at least one', () => {
    const chosen = { channel: 1, initial_catalogue: 10 };
    expect(registrationRuleErrors('company', { ...chosen, services: [100, 101] }, context)).toEqual([]);
    expect(registrationRuleErrors('company', { ...chosen, services: [200] }, context)).toEqual([
      { path: ['services'], message: 'Select services of the catalogue you chose' },
    ]);
    expect(registrationRuleErrors('company', { ...chosen, services: [] }, context)).toEqual([{ path: ['services'], message: SERVICES_REQUIRED_MESSAGE }]);
    expect(registrationRuleErrors('company', { channel: 1, initial_catalogue: 20, services: [200] }, context)[0]?.path).toEqual(['initial_catalogue']);
    expect(registrationRuleErrors('company', { channel: 9 }, context)[0]?.path).toEqual(['channel']);
  });

  it('refuses a website that does not open in a browser', () => {
    expect(registrationRuleErrors('addresses', { website: 'https://www.example.co.nz' }, context)).toEqual([]);
    expect(registrationRuleErrors('addresses', { website: 'https://localhost' }, context)[0]?.path).toEqual(['website']);
  });
});
