/**
 * Rules of the registration form that a JSON Schema cannot say, run by the wizard in the browser
 * (rjsf `customValidate`) and by the API on submit, so the two never disagree: business numbers'
 * check digits (the supplier details form's own rule), the GST number for the business's country,
 * a website a browser can open, and services that belong to the chosen catalogue and channel.
 */
import type { DirectoryTree } from '../api/directory';
import { BUSINESS_NUMBER_KINDS, businessNumberError } from '../business-numbers';
import type { FieldError, FormData } from '../forms/definition';
import { isWebAddress, supplierDetailsRuleErrors } from '../supplier-details/rules';
import type { RegistrationFormStepId } from './steps';

export const REGISTRATION_FORM_KEY = 'supplier-registration';

function stringAt(data: FormData, key: string): string | undefined {
  const value = data[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The business number a registration gives, checked: `{ kind, value }` of the first valid one, or undefined. */
export function businessNumberErrors(data: FormData): FieldError[] {
  return BUSINESS_NUMBER_KINDS.flatMap((kind) => {
    const value = stringAt(data, kind);
    const error = value === undefined ? undefined : businessNumberError(kind, value);
    return error ? [error] : [];
  });
}

/** What the rules of a step need besides its answers. */
export interface RegistrationRuleContext {
  /** Step 1's answer: the GST number's rule depends on it. */
  businessCountry?: unknown;
  /** The channel → catalogue → service tree the services must come from. */
  tree: DirectoryTree;
}

export const SERVICES_REQUIRED_MESSAGE = 'Select at least one service you want to offer';

function serviceErrors(data: FormData, tree: DirectoryTree): FieldError[] {
  if (data.channel === undefined) {
    return [];
  }
  const channel = tree.find((candidate) => candidate.id === data.channel);
  if (!channel) {
    return [{ path: ['channel'], message: 'Select a sales channel from the list' }];
  }
  if (data.initial_catalogue === undefined) {
    return [];
  }
  const catalogue = channel.catalogues.find((candidate) => candidate.id === data.initial_catalogue);
  if (!catalogue) {
    return [{ path: ['initial_catalogue'], message: 'Select a catalogue of the sales channel you chose' }];
  }
  const services = Array.isArray(data.services) ? data.services : [];
  if (Array.isArray(data.services) && services.length === 0) {
    return [{ path: ['services'], message: SERVICES_REQUIRED_MESSAGE }];
  }
  const known = new Set(catalogue.services.map((service) => service.id));
  return services.some((service) => typeof service !== 'number' || !known.has(service))
    ? [{ path: ['services'], message: 'Select services of the catalogue you chose' }]
    : [];
}

/** The rule errors of one step's answers. */
export function registrationRuleErrors(stepId: RegistrationFormStepId, data: FormData, context: RegistrationRuleContext): FieldError[] {
  switch (stepId) {
    case 'business':
      return businessNumberErrors(data);
    case 'addresses': {
      const website = stringAt(data, 'website');
      return website !== undefined && /^https?:\/\/\S+$/i.test(website) && !isWebAddress(website)
        ? [{ path: ['website'], message: 'Enter a website address that works in a browser, like https://www.example.co.nz' }]
        : [];
    }
    case 'company': {
      // The details form's GST rule reads the country from the registered address; here it is step 1's answer.
      const gst = supplierDetailsRuleErrors('company-details', {
        gst_status: data.gst_status,
        gst_number: data.gst_number,
        registered_address: { country: context.businessCountry },
      }).filter((error) => error.path[0] === 'gst_number');
      return [...gst, ...serviceErrors(data, context.tree)];
    }
    default:
      return [];
  }
}
