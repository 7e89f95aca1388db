import { describe, expect, it } from 'vitest';
import { listingsPaths } from './listings-paths';

describe("listingsPaths (the dashboard's service listing screens' path builder)", () => {
  it('names a listing by its service, and a step by its id', () => {
    expect(listingsPaths.listings()).toBe('/listings');
    expect(listingsPaths.listing(12)).toBe('/listings/12');
    expect(listingsPaths.listingStep(12, 'service-levels')).toBe('/listings/12/service-levels');
    expect(listingsPaths.listingTemplate(12)).toBe('/listings/12/template');
    expect(listingsPaths.changeListingStep(12, 'pricing')).toBe('/listings/12/pricing?from=overview');
  });
});
