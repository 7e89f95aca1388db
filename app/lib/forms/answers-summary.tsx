/**
 * A form's answers, readable: one section per step, a description list of each question the
 * answers reach and its answer, in the step's order. Choices show their labels (`ui:enumNames`),
 * groups (an address) their parts, files the name the caller knows, amounts in cents dollars
 * ('$1,234.56'; a list of lines of amounts, a billing report's, with their total after it), months
 * 'March 2026', and ids from a source list the item's label: the caller's (`sourceLabel`) or,
 * failing that, the list's, fetched as the form's widgets fetch it.
 */
import '../../styles/answers.css';
import { Fragment, type ReactNode } from 'react';
import { formatDate, formatMonth } from '../../../common/dates';
import { dateAnswerProblem } from '../../../common/forms/date-answer';
import { fieldSchemaAt, type FormData, type FormStep, type JsonSchema } from '../../../common/forms/definition';
import { monthAnswerProblem } from '../../../common/forms/month-answer';
import { isRecord } from '../../../common/is-record';
import { lazy } from '../../../common/lazy';
import { isUploadField } from '../../../common/forms/uploads';
import { formatCents } from '../../../common/money';
import { sourceFieldOfUi, sourcePathOf, useSourceOptions, type SourceField } from './form-sources';
import { isCentsUi, labelledAmountKeys, totalOfLines } from './labelled-amounts';

// Years stay as written (2024, not 2,024); larger numbers are grouped.
const numberFormat = lazy(() => new Intl.NumberFormat('en-NZ', { useGrouping: 'min2' }));
const moneyFormat = lazy(() => new Intl.NumberFormat('en-NZ'));

function orderedKeys(step: FormStep, answers: FormData): string[] {
  const order = Array.isArray(step.uiSchema['ui:order']) ? (step.uiSchema['ui:order'] as string[]) : [];
  return [...order.filter((key) => key !== '*'), ...Object.keys(answers).filter((key) => !order.includes(key))];
}

function choiceLabel(schema: JsonSchema | undefined, ui: unknown, value: unknown): string | undefined {
  const options = Array.isArray(schema?.enum) ? (schema.enum as unknown[]) : null;
  const names = isRecord(ui) && Array.isArray(ui['ui:enumNames']) ? (ui['ui:enumNames'] as unknown[]) : null;
  const index = options?.indexOf(value) ?? -1;
  const name = names && index >= 0 ? names[index] : undefined;
  return typeof name === 'string' ? name : undefined;
}

function titleOf(schema: JsonSchema | undefined, key: string): string {
  return typeof schema?.title === 'string' ? schema.title : key;
}

function isDate(ui: unknown): boolean {
  return isRecord(ui) && ui['ui:widget'] === 'date';
}

function isMoney(ui: unknown): boolean {
  return isRecord(ui) && isRecord(ui['ui:options']) && ui['ui:options'].money === true;
}

function isMonth(ui: unknown): boolean {
  return isRecord(ui) && ui['ui:widget'] === 'month';
}

/** Said for an id its source list no longer holds (a service no longer approved). */
export const NOT_IN_SOURCE_LIST = 'Not in the list any more';

/** The label of an item of a source list, by its id; undefined when the caller does not know it. */
export type SourceLabel = (source: string, value: number) => string | undefined;

/** What formatting an answer needs besides the answer. */
interface AnswerContext {
  fileName: (id: string) => string | undefined;
  sourceLabel: SourceLabel;
  /** Every answer, for the source lists whose query another answer fills. */
  answers: FormData;
}

/** The label of an id, from the source list (the cached one the form's widget loaded, or a fresh load). */
function SourceListLabel({ field, value, answers }: { field: SourceField; value: number; answers: FormData }) {
  const list = useSourceOptions(sourcePathOf(field, answers).path);
  if (list.isError) {
    return <>Could not be loaded</>;
  }
  if (list.fetchStatus === 'fetching' && list.isPending) {
    return <>Loading…</>;
  }
  return <>{list.data?.find((option) => option.value === value)?.label ?? NOT_IN_SOURCE_LIST}</>;
}

function SourceAnswer({ field, value, context }: { field: SourceField; value: number; context: AnswerContext }) {
  const label = context.sourceLabel(field.source, value);
  return label === undefined ? <SourceListLabel field={field} value={value} answers={context.answers} /> : <>{label}</>;
}

function formatAnswer(schema: JsonSchema | undefined, ui: unknown, value: unknown, context: AnswerContext, money = isMoney(ui)): ReactNode {
  if (isUploadField(ui) && typeof value === 'string') {
    return context.fileName(value) ?? 'A file is on record';
  }
  // Dates read as '15 January 2027', as everywhere in the portal.
  if (isDate(ui) && typeof value === 'string' && dateAnswerProblem('Date', value) === null) {
    return formatDate(value);
  }
  if (isMonth(ui) && typeof value === 'string' && monthAnswerProblem('Month', value) === null) {
    return formatMonth(value);
  }
  const source = sourceFieldOfUi(ui);
  if (source && typeof value === 'number') {
    return <SourceAnswer field={source} value={value} context={context} />;
  }
  if (source && Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'number')) {
    return (
      <ul className="answers__parts">
        {value.map((item) => (
          <li key={item}>
            <SourceAnswer field={source} value={item} context={context} />
          </li>
        ))}
      </ul>
    );
  }
  if (isCentsUi(ui) && typeof value === 'number') {
    return formatCents(value);
  }
  const label = choiceLabel(schema, ui, value);
  if (label !== undefined) {
    return label;
  }
  if (typeof value === 'boolean') {
    return value ? 'Yes' : 'No';
  }
  if (typeof value === 'number') {
    return money ? `$${moneyFormat().format(value)}` : numberFormat().format(value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) {
      return 'None';
    }
    const items = isRecord(schema?.items) ? schema.items : undefined;
    const itemsUi = isRecord(ui) ? ui.items : undefined;
    const pair = labelledAmountKeys(items, itemsUi);
    const readItem = (item: unknown): ReactNode => {
      // A line of a billing report: 'Design: $1,200.00'.
      const choice = pair && isRecord(item) ? item[pair.choice] : undefined;
      const amount = pair && isRecord(item) ? item[pair.amount] : undefined;
      if (pair && typeof choice === 'number' && typeof amount === 'number') {
        return (
          <>
            {formatAnswer(undefined, isRecord(itemsUi) ? itemsUi[pair.choice] : undefined, choice, context)}: {formatCents(amount)}
          </>
        );
      }
      return formatAnswer(items, itemsUi, item, context);
    };
    // A repeating group (case studies): one entry each.
    return value.some(isRecord) ? (
      <ol className="answers__items">
        {value.map((item, index) => (
          <li key={index}>{readItem(item)}</li>
        ))}
      </ol>
    ) : (
      // Choices (the regions ticked) by their labels, named by the items' uiSchema or, as some stored forms do, the field's.
      value.map((item) => choiceLabel(items, itemsUi, item) ?? choiceLabel(items, ui, item) ?? String(item)).join(', ')
    );
  }
  if (isRecord(value) && isRecord(schema?.properties)) {
    const properties = schema.properties;
    // In the form's order: its ui:order, as stored JSON does not keep the order of properties.
    const order = isRecord(ui) && Array.isArray(ui['ui:order']) ? (ui['ui:order'] as string[]).filter((key) => key in properties) : [];
    const parts = [...order, ...Object.keys(properties).filter((key) => !order.includes(key))]
      .map((key) => [key, value[key]] as const)
      .filter(([, part]) => part !== undefined && part !== null && part !== '');
    if (parts.length === 0) {
      return 'None';
    }
    // An address reads as lines; other groups (insurance cover, a case study) as "part: value" lines.
    const isAddress = 'line_1' in properties;
    return (
      <ul className="answers__parts">
        {parts.map(([key, part]) => {
          const partSchema = isRecord(properties[key]) ? properties[key] : undefined;
          const partUi = isRecord(ui) ? ui[key] : undefined;
          const text = formatAnswer(partSchema, partUi, part, context, money || isMoney(partUi));
          return (
            <li key={key}>
              {isAddress ? text : <>{titleOf(partSchema, key)}: {text}</>}
            </li>
          );
        })}
      </ul>
    );
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The total in cents of a list of lines that each pair a choice with an amount (a billing report's lines); else undefined. */
function totalOfAmounts(schema: JsonSchema | undefined, ui: unknown, value: unknown): number | undefined {
  const pair = labelledAmountKeys(schema?.items, isRecord(ui) ? ui.items : undefined);
  return pair && Array.isArray(value) ? totalOfLines(value, pair.amount) : undefined;
}

const knowsNoFile = () => undefined;
const knowsNoLabel: SourceLabel = () => undefined;

export function AnswersSummary({
  steps,
  answers,
  fileName = knowsNoFile,
  sourceLabel = knowsNoLabel,
  headingLevel = 2,
  renderStepActions,
}: {
  steps: readonly FormStep[];
  /** Every step's answers in one record by field name. */
  answers: FormData;
  fileName?: (id: string) => string | undefined;
  /**
   * The label of an id chosen from a source list (`source` as the field's `ui:options` name it,
   * e.g. 'engagement-notice/agency'), when the caller has it (a record's details name its agency);
   * where it answers undefined the list is fetched (needs a QueryClientProvider).
   */
  sourceLabel?: SourceLabel;
  headingLevel?: 2 | 3;
  /** Something after each step's heading (a "Change" link). */
  renderStepActions?: (step: FormStep) => ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const context: AnswerContext = { fileName, sourceLabel, answers };
  return (
    <div className="answers">
      {steps.map((step) => {
        const keys = orderedKeys(step, answers).filter((key) => fieldSchemaAt(step.schema, [key]) !== undefined);
        const answered = keys.filter((key) => answers[key] !== undefined && answers[key] !== null && answers[key] !== '');
        return (
          <section key={step.id} className="answers__section" aria-labelledby={`answers-${step.id}`}>
            <div className="answers__heading">
              <Heading id={`answers-${step.id}`}>{step.title}</Heading>
              {renderStepActions?.(step)}
            </div>
            {answered.length === 0 ? (
              <p>Not answered yet.</p>
            ) : (
              <dl className="answers__list">
                {answered.map((key) => {
                  const schema = fieldSchemaAt(step.schema, [key]);
                  const total = totalOfAmounts(schema, step.uiSchema[key], answers[key]);
                  return (
                    <Fragment key={key}>
                      <div className="answers__row">
                        <dt>{titleOf(schema, key)}</dt>
                        <dd>{formatAnswer(schema, step.uiSchema[key], answers[key], context)}</dd>
                      </div>
                      {total !== undefined && (
                        <div className="answers__row">
                          <dt>Total</dt>
                          <dd>{formatCents(total)}</dd>
                        </div>
                      )}
                    </Fragment>
                  );
                })}
              </dl>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** A question's title as the form asks it (its schema's `title`), for a list of the questions that changed. */
export function questionTitle(step: FormStep, field: string): string {
  return titleOf(fieldSchemaAt(step.schema, [field]), field);
}

/** Said for a question with no answer, where a comparison shows one version's answer beside another's. */
export const NOT_ANSWERED = 'Not answered';

/** One question's answer of a step, read as AnswersSummary reads it (a version beside another, field by field). */
export function QuestionAnswer({
  step,
  field,
  answers,
  fileName = knowsNoFile,
  sourceLabel = knowsNoLabel,
}: {
  step: FormStep;
  field: string;
  /** The step's answers by field name. */
  answers: FormData;
  fileName?: (id: string) => string | undefined;
  sourceLabel?: SourceLabel;
}) {
  const value = answers[field];
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) {
    return <>{NOT_ANSWERED}</>;
  }
  return <>{formatAnswer(fieldSchemaAt(step.schema, [field]), step.uiSchema[field], value, { fileName, sourceLabel, answers })}</>;
}
