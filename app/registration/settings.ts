/** The register app's settings, from its element's `data-settings` JSON (written by the /register page). */
import type { RegisterSettings, RegistrationStepSetting } from '../../common/registration/steps';
import { REGISTER_BASENAME, REGISTER_START_PATH, REGISTRATION_STEP_NAMES } from '../../common/registration/steps';
import { isRecord } from '../../common/is-record';
import { PageDataError } from '../lib/page-data';

function isStepSetting(value: unknown): value is RegistrationStepSetting {
  return (
    isRecord(value) &&
    typeof value.slug === 'string' &&
    /^[a-z0-9-]+$/.test(value.slug) &&
    // The start page's path (REGISTER_START_PATH) is the server's.
    `${REGISTER_BASENAME}/${value.slug}` !== REGISTER_START_PATH &&
    typeof value.label === 'string' &&
    value.label !== '' &&
    (REGISTRATION_STEP_NAMES as readonly unknown[]).includes(value.name)
  );
}

/** Reads and checks the settings; throws PageDataError naming what is wrong. */
export function readRegisterSettings(element: HTMLElement): RegisterSettings {
  const where = `#${element.id} data-settings`;
  let settings: unknown;
  try {
    settings = JSON.parse(element.dataset.settings ?? '');
  } catch {
    throw new PageDataError(`${where} is not valid JSON`);
  }
  if (!isRecord(settings) || typeof settings.basename !== 'string' || !settings.basename.startsWith('/')) {
    throw new PageDataError(`${where}.basename must start with /`);
  }
  const steps = Array.isArray(settings.steps) ? settings.steps : [];
  if (steps.length !== REGISTRATION_STEP_NAMES.length || !steps.every(isStepSetting)) {
    throw new PageDataError(`${where}.steps must name the four steps, each with a slug and a label`);
  }
  const form = settings.form;
  if (!isRecord(form) || !Array.isArray(form.steps) || form.steps.length !== REGISTRATION_STEP_NAMES.length || typeof form.version !== 'number') {
    throw new PageDataError(`${where}.form must be the registration form with four steps`);
  }
  if (!Array.isArray(settings.channels)) {
    throw new PageDataError(`${where}.channels must be a list`);
  }
  return settings as unknown as RegisterSettings;
}
