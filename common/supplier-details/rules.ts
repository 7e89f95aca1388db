/**
 * Rules of the supplier details form that a JSON Schema cannot say: check digits of NZBN, ABN,
 * ACN and GST numbers, which business number a country needs, and that a website is a web address
 * a browser can open. Run by the form in the browser
 * (rjsf `customValidate`) and by the API on every save, so the two never disagree.
 */
import { BUSINESS_NUMBER_KINDS, businessNumberError, isValidAuGstNumber, isValidNzGstNumber, type BusinessNumberKind } from '../business-numbers';
import type { FieldError, FormData } from '../forms/definition';
import type { SupplierDetailsStepId } from './form';

function stringAt(data: FormData, key: string): string | undefined {
  const value = data[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function countryOf(data: FormData): string | undefined {
  const address = data.registered_address;
  if (typeof address === 'object' && address !== null && 'country' in address && typeof address.country === 'string') {
    return address.country;
  }
  return undefined;
}

/** The business number each country's businesses must give, and what the form says without it. */
const NEEDED_BY_COUNTRY: Partial<Record<BusinessNumberKind, { country: string; message: string }>> = {
  nzbn: { country: 'New Zealand', message: 'Enter your NZBN: New Zealand businesses need one' },
  abn: { country: 'Australia', message: 'Enter your ABN: Australian businesses need one' },
};

function companyDetailsErrors(data: FormData): FieldError[] {
  const errors: FieldError[] = [];
  const country = countryOf(data);
  const gstNumber = stringAt(data, 'gst_number');

  for (const kind of BUSINESS_NUMBER_KINDS) {
    const value = stringAt(data, kind);
    const error = value === undefined ? undefined : businessNumberError(kind, value);
    const needed = NEEDED_BY_COUNTRY[kind];
    if (error) {
      errors.push(error);
    } else if (value === undefined && needed && country === needed.country) {
      errors.push({ path: [kind], message: needed.message });
    }
  }
  if (gstNumber !== undefined && data.gst_status === 'registered') {
    if (country === 'Australia' && !isValidAuGstNumber(gstNumber)) {
      errors.push({ path: ['gst_number'], message: 'Enter a valid GST number: Australian businesses use their 11-digit ABN' });
    } else if (country !== 'Australia' && !isValidNzGstNumber(gstNumber)) {
      errors.push({ path: ['gst_number'], message: 'Enter a valid GST number: 8 or 9 digits, for example 49-091-850' });
    }
  }
  return errors;
}

/** True for an http or https address with a host (the only websites the public profile links to). */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && /^[^.].*\.[^.]+$/.test(url.hostname);
  } catch {
    return false;
  }
}

function publicProfileErrors(data: FormData): FieldError[] {
  const website = stringAt(data, 'website');
  // A website the schema's pattern already refused has its message; this catches what parses badly.
  if (website !== undefined && /^https?:\/\/\S+$/i.test(website) && !isWebAddress(website)) {
    return [{ path: ['website'], message: 'Enter a website address that works in a browser, like https://www.example.co.nz' }];
  }
  return [];
}

/** The rule errors of one step's data (after its schema passed or not: both are shown together). */
export function supplierDetailsRuleErrors(stepId: SupplierDetailsStepId, data: FormData): FieldError[] {
  switch (stepId) {
    case 'company-details':
      return companyDetailsErrors(data);
    case 'public-profile':
      return publicProfileErrors(data);
    default:
      return [];
  }
}
