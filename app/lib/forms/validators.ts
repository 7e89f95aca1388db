/**
 * The browser's validator for one form step: the server's precompiled validators module for the
 * form version (no `eval` under the CSP), wrapped by rjsf's `createPrecompiledValidator`.
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import type { FormDefinitionResponse } from '../../../common/api/forms';
import { getPageData } from '../page-data';
import { ajvRuntimeRequire } from './ajv-runtime';

type ValidatorsModule = { default: Record<string, ((require: (name: string) => unknown) => ValidatorFunctions) | undefined> };

const modules = new Map<string, Promise<ValidatorsModule>>();

function loadModule(path: string): Promise<ValidatorsModule> {
  const url = new URL(`${getPageData().apiBase}${path}`, window.location.href).href;
  let loading = modules.get(url);
  if (!loading) {
    loading = import(/* @vite-ignore */ url) as Promise<ValidatorsModule>;
    // A failed load (offline, deploy in progress) may be tried again.
    loading.catch(() => modules.delete(url));
    modules.set(url, loading);
  }
  return loading;
}

export async function loadStepValidator(definition: FormDefinitionResponse, stepId: string): Promise<ValidatorType> {
  const step = definition.steps.find((candidate) => candidate.id === stepId);
  if (!step) {
    throw new Error(`The ${definition.key} form has no "${stepId}" step`);
  }
  const factory = (await loadModule(step.validators ?? definition.validators)).default[stepId];
  if (!factory) {
    throw new Error(`The ${definition.key} form has no "${stepId}" step`);
  }
  return createPrecompiledValidator(factory(ajvRuntimeRequire), step.schema as RJSFSchema);
}
