/**
 * A line that pairs a choice from a source list with an amount in cents (a billing report's
 * service and amount): the form calls each such line after its amount ("Amount 1"), and the
 * answers read it as one line ('Design: $1,200.00') under a total.
 */
import { isRecord } from '../../../common/is-record';
import { SOURCE_SELECT_WIDGET } from './form-sources';

export function isCentsUi(ui: unknown): boolean {
  return isRecord(ui) && isRecord(ui['ui:options']) && ui['ui:options'].money === 'cents';
}

function isSourceSelectUi(ui: unknown): boolean {
  return isRecord(ui) && ui['ui:widget'] === SOURCE_SELECT_WIDGET;
}

/** The keys of the choice and of the amount when an item (`schema`, `ui`) is such a line; else null. */
export function labelledAmountKeys(schema: unknown, ui: unknown): { choice: string; amount: string } | null {
  const keys = isRecord(schema) && isRecord(schema.properties) ? Object.keys(schema.properties) : [];
  const partUi = (key: string) => (isRecord(ui) ? ui[key] : undefined);
  const choice = keys.find((key) => isSourceSelectUi(partUi(key)));
  const amount = keys.find((key) => isCentsUi(partUi(key)));
  return keys.length === 2 && choice !== undefined && amount !== undefined ? { choice, amount } : null;
}

/** The title of such a line's amount ("Amount"), what each line is called; undefined for other items. */
export function labelledAmountTitle(schema: unknown, ui: unknown): string | undefined {
  const keys = labelledAmountKeys(schema, ui);
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
  const amount = keys ? properties[keys.amount] : undefined;
  return isRecord(amount) && typeof amount.title === 'string' ? amount.title : undefined;
}

/** The sum in cents of the amounts of the lines that have one; undefined when none has. */
export function totalOfLines(lines: readonly unknown[], amountKey: string): number | undefined {
  const amounts = lines.flatMap((line) => (isRecord(line) && typeof line[amountKey] === 'number' ? [line[amountKey]] : []));
  return amounts.length === 0 ? undefined : amounts.reduce((sum, amount) => sum + amount, 0);
}
