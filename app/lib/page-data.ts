/**
 * Reads what the server tells the apps: the page data block (spec §1: product name, API base,
 * sign-in settings) and the `data-settings` attribute of a mount element.
 */
import { PAGE_DATA_ELEMENT_ID, type AuthSettings, type PageData } from '../../common/page-data';

export class PageDataError extends Error {
  override name = 'PageDataError';
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readString(source: JsonObject, key: string, where: string): string {
  const value = source[key];
  if (typeof value !== 'string' || value === '') {
    throw new PageDataError(`${where}.${key} must be a non-empty string`);
  }
  return value;
}

function readWholeNumber(source: JsonObject, key: string, where: string): number {
  const value = source[key];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new PageDataError(`${where}.${key} must be a whole number from 1`);
  }
  return value;
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new PageDataError(`${where} is not valid JSON`);
  }
}

/** Checks the shape of parsed page data; throws PageDataError naming the first bad field. */
export function parsePageData(value: unknown): PageData {
  if (!isObject(value)) {
    throw new PageDataError('page data must be an object');
  }
  const auth = value.auth;
  if (!isObject(auth)) {
    throw new PageDataError('page data.auth must be an object');
  }
  const where = 'page data.auth';
  const authSettings: AuthSettings = {
    authority: readString(auth, 'authority', where),
    clientId: readString(auth, 'clientId', where),
    resource: readString(auth, 'resource', where),
    redirectUri: readString(auth, 'redirectUri', where),
    postLogoutRedirectUri: readString(auth, 'postLogoutRedirectUri', where),
    scope: readString(auth, 'scope', where),
    ...(typeof auth.changePasswordUrl === 'string' && auth.changePasswordUrl !== '' ? { changePasswordUrl: auth.changePasswordUrl } : {}),
  };
  const teamContact = value.teamContact;
  if (!isObject(teamContact)) {
    throw new PageDataError('page data.teamContact must be an object');
  }
  return {
    productName: readString(value, 'productName', 'page data'),
    teamContact: { email: readString(teamContact, 'email', 'page data.teamContact'), phone: readString(teamContact, 'phone', 'page data.teamContact') },
    apiBase: readString(value, 'apiBase', 'page data'),
    auth: authSettings,
    reviewTargetDays: readWholeNumber(value, 'reviewTargetDays', 'page data'),
  };
}

let pageData: PageData | undefined;

/** The page data of this page, read once from `<script type="application/json" id="page-data">`. */
export function getPageData(): PageData {
  if (pageData === undefined) {
    const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent ?? '';
    if (text === '') {
      throw new PageDataError(`the page has no #${PAGE_DATA_ELEMENT_ID} block`);
    }
    pageData = parsePageData(parseJson(text, 'page data'));
  }
  return pageData;
}

/** Settings of a routed app (dashboard, user) from its element's `data-settings` JSON. */
export interface RoutedAppSettings {
  basename: string;
}

export function readRoutedAppSettings(element: HTMLElement): RoutedAppSettings {
  const where = `#${element.id} data-settings`;
  const settings = parseJson(element.dataset.settings ?? '', where);
  if (!isObject(settings)) {
    throw new PageDataError(`${where} must be an object`);
  }
  const basename = readString(settings, 'basename', where);
  if (!basename.startsWith('/')) {
    throw new PageDataError(`${where}.basename must start with /`);
  }
  return { basename };
}
