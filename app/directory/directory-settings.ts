/** Reads the directory app's (app__suppliers) settings from the page's embedded JSON block (spec §1). */
import type { DirectorySettings } from '../../common/api/directory';
import { DIRECTORY_SETTINGS_ELEMENT_ID } from '../../common/directory';
import { isDirectoryTree } from './directory-shapes';

export class DirectorySettingsError extends Error {
  override name = 'DirectorySettingsError';
}

function readAction(settings: Record<string, unknown>, key: 'formAction' | 'exportAction'): string {
  const value = settings[key];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new DirectorySettingsError(`#${DIRECTORY_SETTINGS_ELEMENT_ID}.${key} must be a non-empty string`);
  }
  return value;
}

/** Checks parsed settings; throws DirectorySettingsError naming the first bad field. */
export function parseDirectorySettings(value: unknown): DirectorySettings {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new DirectorySettingsError(`#${DIRECTORY_SETTINGS_ELEMENT_ID} must hold a JSON object`);
  }
  const settings = value as Record<string, unknown>;
  const channels = settings.channels;
  if (!isDirectoryTree(channels)) {
    throw new DirectorySettingsError(`#${DIRECTORY_SETTINGS_ELEMENT_ID}.channels must be the channel → catalogue → service tree`);
  }
  return { channels, formAction: readAction(settings, 'formAction'), exportAction: readAction(settings, 'exportAction') };
}

/** The settings block of `root`: `<script type="application/json" id="app__suppliers-settings">`. */
export function readDirectorySettings(root: Document = document): DirectorySettings {
  const text = root.getElementById(DIRECTORY_SETTINGS_ELEMENT_ID)?.textContent ?? '';
  if (text.trim() === '') {
    throw new DirectorySettingsError(`the page has no #${DIRECTORY_SETTINGS_ELEMENT_ID} block`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new DirectorySettingsError(`#${DIRECTORY_SETTINGS_ELEMENT_ID} is not valid JSON`);
  }
  return parseDirectorySettings(value);
}
