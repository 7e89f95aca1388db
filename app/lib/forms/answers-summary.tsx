/**
 * A form's answers, readable: one section per step, a description list of each question the
 * answers reach and its answer, in the step's order. Choices show their labels (`ui:enumNames`),
 * groups (an address) their parts, files the name the caller knows.
 */
import '../../styles/answers.css';
import type { ReactNode } from 'react';
import { formatDate } from '../../../common/dates';
import { dateAnswerProblem } from '../../../common/forms/date-answer';
import { fieldSchemaAt, type FormData, type FormStep, type JsonSchema } from '../../../common/forms/definition';
import { isRecord } from '../../../common/is-record';
import { isUploadField } from '../../../common/forms/uploads';

// Years stay as written (2024, not 2,024); larger numbers are grouped.
const numberFormat = new Intl.NumberFormat('en-NZ', { useGrouping: 'min2' });
const moneyFormat = new Intl.NumberFormat('en-NZ');

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

function formatAnswer(
  schema: JsonSchema | undefined,
  ui: unknown,
  value: unknown,
  fileName: (id: string) => string | undefined,
  money = isMoney(ui),
): ReactNode {
  if (isUploadField(ui) && typeof value === 'string') {
    return fileName(value) ?? 'A file is on record';
  }
  // Dates read as '15 January 2027', as everywhere in the portal.
  if (isDate(ui) && typeof value === 'string' && dateAnswerProblem('Date', value) === null) {
    return formatDate(value);
  }
  const label = choiceLabel(schema, ui, value);
  if (label !== undefined) {
    return label;
  }
  if (typeof value === 'boolean') {
    return value ? 'Yes' : 'No';
  }
  if (typeof value === 'number') {
    return money ? `$${moneyFormat.format(value)}` : numberFormat.format(value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) {
      return 'None';
    }
    const items = isRecord(schema?.items) ? schema.items : undefined;
    const itemsUi = isRecord(ui) ? ui.items : undefined;
    // A repeating group (case studies): one entry each.
    return value.some(isRecord) ? (
      <ol className="answers__items">
        {value.map((item, index) => (
          <li key={index}>{formatAnswer(items, itemsUi, item, fileName)}</li>
        ))}
      </ol>
    ) : (
      value.map(String).join(', ')
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
          const text = formatAnswer(partSchema, partUi, part, fileName, money || isMoney(partUi));
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

export function AnswersSummary({
  steps,
  answers,
  fileName = () => undefined,
  headingLevel = 2,
  renderStepActions,
}: {
  steps: readonly FormStep[];
  answers: FormData;
  fileName?: (id: string) => string | undefined;
  headingLevel?: 2 | 3;
  /** Something after each step's heading (a "Change" link). */
  renderStepActions?: (step: FormStep) => ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
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
                  return (
                    <div className="answers__row" key={key}>
                      <dt>{titleOf(schema, key)}</dt>
                      <dd>{formatAnswer(schema, step.uiSchema[key], answers[key], fileName)}</dd>
                    </div>
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
