/**
 * The registration's third step in pages of one topic each (GOV.UK "one thing per page", issue 27,
 * item 9). The stored form stays as it is: a new version would change nothing a registration stores,
 * and its answer keys must not change (the team's side reads them). A page is a run of the step's
 * questions in its `ui:order`, from the question it starts at to the next page's start; a question a
 * later version adds lands on the page it is ordered in, and a page whose first question a version
 * drops joins the one before. The step is still one form with one validator: a page draws and checks
 * only its own questions (SchemaForm's `shownFields`), the others' answers kept as they are.
 * No React and no stylesheet here: the server may read it.
 */
import { stepFieldKeys, type FormStep, type JsonSchema } from '../../common/forms/definition';
import { isRecord } from '../../common/is-record';
import type { RegistrationFormStepId } from '../../common/registration/steps';

interface StepPageSetting {
  /** The page's path segment under its step's. */
  slug: string;
  /** Its topic: the page's h1. */
  title: string;
  /** The question the page starts at. */
  startsAt: string;
}

export interface StepPage {
  slug: string;
  title: string;
  /** The step's top-level questions on this page, in order (those its conditions show included). */
  fields: string[];
}

/** The topics of the spec's own grouping of a supplier's details (§3: company, tax, size and locations, financial…). */
const STEP_PAGES: Partial<Record<RegistrationFormStepId, readonly StepPageSetting[]>> = {
  company: [
    { slug: 'company', title: 'Your company', startsAt: 'type_of_company' },
    { slug: 'gst', title: 'GST', startsAt: 'gst_status' },
    { slug: 'size-and-locations', title: 'Size and locations', startsAt: 'size_of_company' },
    { slug: 'finances', title: 'Your finances', startsAt: 'pay_debts' },
    { slug: 'investigations-and-disputes', title: 'Investigations, disputes and legal proceedings', startsAt: 'has_been_investigated' },
    { slug: 'insurance', title: 'Insurance', startsAt: 'insurance' },
    { slug: 'services', title: 'Services you want to offer', startsAt: 'channel' },
  ],
};

/** The step's questions in the order people see them: its `ui:order`, then any it leaves out. */
function orderedFields(step: FormStep): string[] {
  const order = Array.isArray(step.uiSchema['ui:order']) ? step.uiSchema['ui:order'].filter((key): key is string => typeof key === 'string' && key !== '*') : [];
  const keys = stepFieldKeys(step.schema);
  return [...order.filter((key) => keys.includes(key)), ...keys.filter((key) => !order.includes(key))];
}

/** The pages of a form step; none when the step is one page (every step but the third). */
export function pagesOfStep(step: FormStep | undefined): StepPage[] {
  const settings = step ? STEP_PAGES[step.id as RegistrationFormStepId] : undefined;
  if (!step || !settings) {
    return [];
  }
  const fields = orderedFields(step);
  const starts = settings.map((page) => ({ page, at: fields.indexOf(page.startsAt) })).filter(({ at }) => at >= 0);
  if (starts.length < 2) {
    return [];
  }
  return starts.map(({ page, at }, index) => ({
    slug: page.slug,
    title: page.title,
    // The first page also holds any question ordered before it.
    fields: fields.slice(index === 0 ? 0 : at, starts[index + 1]?.at ?? fields.length),
  }));
}

function propertiesOf(schema: unknown): Record<string, unknown> {
  return isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
}

/**
 * A page as a step of its own, to show its answers (check your answers): the step's schema and
 * uiSchema with this page's questions only. Never a form: the step's validator checks the step's schema.
 */
export function stepOfPage(step: FormStep, page: StepPage): FormStep {
  const isOnPage = (key: string) => page.fields.includes(key);
  const allOf = (Array.isArray(step.schema.allOf) ? step.schema.allOf : []).filter(
    (part: unknown): part is JsonSchema =>
      isRecord(part) && [part.then, part.else].some((branch) => Object.keys(propertiesOf(branch)).some(isOnPage)),
  );
  const required = Array.isArray(step.schema.required) ? step.schema.required.filter((key) => typeof key === 'string' && isOnPage(key)) : [];
  return {
    id: `${step.id}-${page.slug}`,
    title: page.title,
    schema: {
      ...step.schema,
      properties: Object.fromEntries(Object.entries(propertiesOf(step.schema)).filter(([key]) => isOnPage(key))),
      required,
      allOf,
    },
    uiSchema: { ...Object.fromEntries(Object.entries(step.uiSchema).filter(([key]) => isOnPage(key))), 'ui:order': page.fields },
  };
}
