/**
 * The public registration wizard's four steps (spec §2 "Public registration app"): their names,
 * the default path slugs and progress-bar labels the page's settings carry, and the form step each
 * one shows. The one place these defaults live; the server puts them in the app's settings.
 */
import type { DirectoryTree } from '../api/directory';
import type { FormDefinitionResponse } from '../api/forms';

export const REGISTRATION_STEP_NAMES = ['stepOne', 'stepTwo', 'stepThree', 'stepFour'] as const;
export type RegistrationStepName = (typeof REGISTRATION_STEP_NAMES)[number];

/** The form's step ids, in the wizard's order (server/db/content/registration-form.ts). */
export const REGISTRATION_FORM_STEP_IDS = ['business', 'addresses', 'company', 'declarations'] as const;
export type RegistrationFormStepId = (typeof REGISTRATION_FORM_STEP_IDS)[number];

export interface RegistrationStepSetting {
  name: RegistrationStepName;
  /** The step's path under the app's base path. */
  slug: string;
  /** What the progress bar and the route announcer call the step. */
  label: string;
}

export const DEFAULT_REGISTRATION_STEPS: readonly RegistrationStepSetting[] = [
  { name: 'stepOne', slug: 'your-business', label: 'Your business' },
  { name: 'stepTwo', slug: 'addresses-and-contacts', label: 'Addresses and contacts' },
  { name: 'stepThree', slug: 'about-your-company', label: 'About your company' },
  { name: 'stepFour', slug: 'check-and-submit', label: 'Check your answers and submit' },
];

/** The public registration page. */
export const REGISTER_BASENAME = '/register';

/**
 * The registration's start page (GOV.UK's start page pattern), drawn by the server, where the site's
 * links to registering lead. The spec's root still redirects to stepOne (§2), so the start page has a
 * path of its own, which no step's slug may take.
 */
export const REGISTER_START_PATH = `${REGISTER_BASENAME}/start`;

/** Where a registration's answers wait in the browser between visits (local storage). */
export const REGISTRATION_STORAGE_KEY = 'supplier-registration';

/** The register app's settings (`data-settings` of `#app__register`), written by the /register page. */
export interface RegisterSettings {
  basename: string;
  steps: RegistrationStepSetting[];
  /** The registration form's current version, with its precompiled validators' path. */
  form: FormDefinitionResponse;
  /** The channel → catalogue → service tree the services question chooses from. */
  channels: DirectoryTree;
}
