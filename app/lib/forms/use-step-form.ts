/**
 * What a screen needs to draw one step of a form: the renderer and the step's precompiled
 * validator, loaded together the first time a form screen is shown. The renderer (rjsf and the
 * portal's widgets) is most of the dashboard's code, and most screens have no form, so it is a
 * chunk of its own; the screen's loading state covers both loads.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ValidatorType } from '@rjsf/utils';
import type { FormDefinitionResponse } from '../../../common/api/forms';
import type { SchemaForm } from './schema-form';

export interface StepForm {
  SchemaForm: typeof SchemaForm;
  validator: ValidatorType;
}

async function loadStepForm(definition: FormDefinitionResponse, stepId: string): Promise<StepForm> {
  const [renderer, validators] = await Promise.all([import('./renderer'), import('./validators')]);
  return { SchemaForm: renderer.SchemaForm, validator: await validators.loadStepValidator(definition, stepId) };
}

function stepFormQuery(definition: FormDefinitionResponse | undefined, stepId: string | undefined) {
  const step = definition?.steps.find((candidate) => candidate.id === stepId);
  return {
    // Compiled once per form version and step; the validators module is cached by the browser too.
    queryKey: ['step-form', step?.validators ?? definition?.validators, stepId],
    queryFn: () => (definition && stepId !== undefined ? loadStepForm(definition, stepId) : Promise.reject(new Error('No such step'))),
    staleTime: Infinity,
    enabled: step !== undefined,
  };
}

/** The renderer and validator of that step; idle while there is no such step. */
export function useStepForm(definition: FormDefinitionResponse | undefined, stepId: string | undefined) {
  return useQuery(stepFormQuery(definition, stepId));
}

/**
 * Loads them before a screen needs them, so it draws its form at once (an app taking over the
 * server's form). A failure is left to the screen, which shows it with a retry.
 */
export async function prefetchStepForm(client: QueryClient, definition: FormDefinitionResponse, stepId: string): Promise<void> {
  await client.query(stepFormQuery(definition, stepId)).catch(() => undefined);
}
