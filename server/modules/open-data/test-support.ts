/**
 * The OCDS 1.1.5 schemas and codelists, as the standard publishes them (vendor/ocds-1.1.5, the
 * copy of the shared one the tests may reach on any machine), compiled offline with a draft-4
 * validator: a package of the portal's either validates or the test names what is wrong. Only tests
 * import this file.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';

export const OCDS_FOLDER = fileURLToPath(new URL('../../../vendor/ocds-1.1.5/', import.meta.url));
const SCHEMA_BASE = 'https://standard.open-contracting.org/schema/1__1__5/';

function readSchema(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(`${OCDS_FOLDER}${name}`, 'utf8')) as Record<string, unknown>;
}

function compileValidators() {
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
  addFormats(ajv);
  // The package schemas reference these by their published addresses: map those to the local files.
  ajv.addSchema(readSchema('release-schema.json'), `${SCHEMA_BASE}release-schema.json`);
  ajv.addSchema(readSchema('versioned-release-validation-schema.json'), `${SCHEMA_BASE}versioned-release-validation-schema.json`);
  return { releasePackage: ajv.compile(readSchema('release-package-schema.json')), recordPackage: ajv.compile(readSchema('record-package-schema.json')) };
}

let validators: ReturnType<typeof compileValidators> | undefined;

/** What is wrong with `value` as a package of this kind: [] when it is valid. */
export function ocdsProblems(kind: 'releasePackage' | 'recordPackage', value: unknown): string[] {
  validators ??= compileValidators();
  const validate = validators[kind];
  return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}

/** The codes of one codelist (codelists/<name>.csv, its first column). */
export function codelist(name: string): Set<string> {
  const [, ...rows] = readFileSync(`${OCDS_FOLDER}codelists/${name}.csv`, 'utf8').trim().split(/\r?\n/);
  return new Set(rows.map((row) => row.split(',')[0] ?? ''));
}
