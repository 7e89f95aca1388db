/**
 * Source lists of form fields: answers that are ids from a list the API serves (the agency of an
 * engagement notice, its services, the notice a billing report is for). A field names its list in
 * its uiSchema, and the `source-select` and `source-checkboxes` widgets draw it:
 *
 *   'ui:options': {
 *     source: 'billing-report/services',                 // path relative to the API base
 *     sourceQuery: { engagementNotice: 'engagement_notice' }, // query parameter → another answer's field name
 *     emptyMessage: 'You have no approved services yet.',  // optional: said when the list is empty
 *   }
 *
 * A `sourceQuery` field may be in another step, so the screen passes every answer of the form in
 * the form context (`SourceFormContext`, built by `sourceFormContext(steps, answersByStep)`):
 *
 *   - `sourceAnswers`: every step's answers in one flat record by field name. When a `sourceQuery`
 *     names a field of the step being edited, keep this current as the person answers (merge the
 *     step's answers into it in `onChange`), so the list follows the choice.
 *   - `sourceFieldTitles`: those fields' titles, for the hint of a list that waits for one
 *     ("Choose the engagement notice first").
 *
 * Lists are fetched once a minute at most and shared by key (`['form-source', path]`) between the
 * widgets and the answers summary. A list that fails to load is empty, and says so (spec §8).
 */
import { useQuery } from '@tanstack/react-query';
import { FormSourceListSchema, type FormSourceItem } from '../../../common/api/forms';
import type { FormData, FormStep } from '../../../common/forms/definition';
import { isRecord } from '../../../common/is-record';
import { apiFetch } from '../api';

/** The `ui:widget` names of the source widgets. */
export const SOURCE_SELECT_WIDGET = 'source-select';
export const SOURCE_CHECKBOXES_WIDGET = 'source-checkboxes';

/** What the source widgets read from rjsf's form context. */
export interface SourceFormContext {
  /** Every answer of the form (all steps) by field name: the values `sourceQuery` puts in the query. */
  sourceAnswers?: Record<string, unknown>;
  /** The titles of those fields by name, for "Choose the engagement notice first". */
  sourceFieldTitles?: Record<string, string>;
}

/** A field's source list as its `ui:options` declare it. */
export interface SourceField {
  source: string;
  /** Query parameter name → the field name of the answer that goes in it. */
  sourceQuery: Record<string, string>;
  emptyMessage?: string;
}

/** One choice of a source list. */
export interface SourceOption {
  value: number;
  label: string;
}

/** The source of a field from its `ui:options` (rjsf's widget `options`, or a uiSchema's); undefined when it names none. */
export function sourceFieldOf(options: unknown): SourceField | undefined {
  if (!isRecord(options) || typeof options.source !== 'string' || options.source === '') {
    return undefined;
  }
  const query = isRecord(options.sourceQuery) ? options.sourceQuery : {};
  return {
    source: options.source,
    sourceQuery: Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
    ...(typeof options.emptyMessage === 'string' ? { emptyMessage: options.emptyMessage } : {}),
  };
}

/** The source of a field drawn by a source widget, from its uiSchema; undefined for any other field. */
export function sourceFieldOfUi(ui: unknown): SourceField | undefined {
  if (!isRecord(ui) || (ui['ui:widget'] !== SOURCE_SELECT_WIDGET && ui['ui:widget'] !== SOURCE_CHECKBOXES_WIDGET)) {
    return undefined;
  }
  return sourceFieldOf(ui['ui:options']);
}

function queryValue(answer: unknown): string | undefined {
  if (typeof answer === 'number' && Number.isFinite(answer)) {
    return String(answer);
  }
  return typeof answer === 'string' && answer.trim() !== '' ? answer.trim() : undefined;
}

/**
 * Where the list is, with the other answers its query needs: `path` relative to the API base, or
 * `waitingFor`, the fields not answered yet (the list cannot be asked for without them).
 */
export function sourcePathOf(field: SourceField, answers: Readonly<Record<string, unknown>>): { path: string; waitingFor: [] } | { path: undefined; waitingFor: string[] } {
  const params = new URLSearchParams();
  const waitingFor: string[] = [];
  for (const [parameter, fieldName] of Object.entries(field.sourceQuery)) {
    const value = queryValue(answers[fieldName]);
    if (value === undefined) {
      waitingFor.push(fieldName);
    } else {
      params.set(parameter, value);
    }
  }
  if (waitingFor.length > 0) {
    return { path: undefined, waitingFor };
  }
  const query = params.toString();
  const path = query === '' ? field.source : `${field.source}${field.source.includes('?') ? '&' : '?'}${query}`;
  return { path, waitingFor: [] };
}

function lowerFirst(text: string): string {
  // Keep acronyms (NZBN, GST) as they are.
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** The hint of a list waiting for other answers: 'Choose the engagement notice first'. */
export function waitingHint(waitingFor: readonly string[], titles: Readonly<Record<string, string>> = {}): string {
  const named = waitingFor.map((fieldName) => titles[fieldName]);
  if (named.some((title) => title === undefined || title === '')) {
    return 'Answer the question this list depends on first';
  }
  return `Choose the ${named.map((title) => lowerFirst(title ?? '')).join(' and the ')} first`;
}

/** How an item of a source list reads: its label, else its name, else its title. */
export function sourceOptionOf(item: FormSourceItem): SourceOption {
  const label = [item.label, item.name, item.title].find((text): text is string => typeof text === 'string' && text.trim() !== '');
  return { value: item.id, label: label ?? `Number ${String(item.id)}` };
}

async function fetchSourceOptions(path: string): Promise<SourceOption[]> {
  return (await apiFetch(path, FormSourceListSchema)).map(sourceOptionOf);
}

/** The choices of a source list; idle while there is no path (the list waits for another answer). */
export function useSourceOptions(path: string | undefined) {
  return useQuery({
    queryKey: ['form-source', path],
    queryFn: () => (path === undefined ? Promise.reject(new Error('No source list')) : fetchSourceOptions(path)),
    enabled: path !== undefined,
    staleTime: 60_000,
    // The person is told and may try again; asking again by itself would only delay saying so.
    retry: false,
  });
}

/** The form context of the source widgets from every step's answers (by step id, as the API keeps them). */
export function sourceFormContext(steps: readonly FormStep[], answersByStep: Readonly<Record<string, FormData | undefined>>): Required<SourceFormContext> {
  const sourceAnswers: Record<string, unknown> = {};
  const sourceFieldTitles: Record<string, string> = {};
  for (const step of steps) {
    Object.assign(sourceAnswers, answersByStep[step.id] ?? {});
    const properties = isRecord(step.schema.properties) ? step.schema.properties : {};
    for (const [name, field] of Object.entries(properties)) {
      if (isRecord(field) && typeof field.title === 'string') {
        sourceFieldTitles[name] = field.title;
      }
    }
  }
  return { sourceAnswers, sourceFieldTitles };
}
