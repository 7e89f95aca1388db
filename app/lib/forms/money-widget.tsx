/**
 * rjsf widgets for amounts of money. In dollars (`'ui:widget': 'money'`, or `'ui:options': { money:
 * true }` on a number field): the number input with a "$" before it. In whole cents (`'ui:options':
 * { money: 'cents' }` on an integer field, how engagement values and billed amounts are stored):
 * the person types dollars ('1,234.56', '$1,234') and the answer is cents (123456); what does not
 * read as an amount to the cent stays the text as typed, which fails the field's integer type and
 * shows its message. The "$" is decoration; the question's title or help says the amount is in dollars.
 */
import { getDefaultRegistry } from '@rjsf/core';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useState, type ReactNode } from 'react';
import { centsToDecimal, parseDollarsToCents } from '../../../common/money';

function DollarPrefix({ children }: { children: ReactNode }) {
  return (
    <div className="money-input">
      <span className="money-input__prefix" aria-hidden="true">
        $
      </span>
      {children}
    </div>
  );
}

export function MoneyWidget(props: WidgetProps) {
  const { BaseInputTemplate } = props.registry.templates;
  return (
    <DollarPrefix>
      <BaseInputTemplate {...props} />
    </DollarPrefix>
  );
}

/** What the cents input shows for an answer: dollars for cents, the text as typed for anything else. */
function textOfCents(value: unknown): string {
  if (typeof value === 'number') {
    return centsToDecimal(value);
  }
  return typeof value === 'string' ? value : '';
}

/** The answer for what was typed: cents when it is an amount to the cent, nothing when empty, else the text. */
export function centsAnswerOf(text: string): number | string | undefined {
  if (text.trim() === '') {
    return undefined;
  }
  return parseDollarsToCents(text) ?? text;
}

export function CentsMoneyWidget({ id, value, disabled, readonly, autofocus, rawErrors, onChange, onBlur, onFocus }: WidgetProps) {
  const [text, setText] = useState(() => textOfCents(value));
  // What this widget last reported: a different value comes from outside (a reload) and replaces the text,
  // while '12.5' being typed stays '12.5' rather than turning into '12.50' under the person's cursor.
  const [reported, setReported] = useState<unknown>(value);
  if (value !== reported) {
    setReported(value);
    setText(textOfCents(value));
  }
  const hasError = (rawErrors ?? []).length > 0;

  return (
    <DollarPrefix>
      <input
        id={id}
        name={id}
        className="form-control"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        value={text}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        aria-invalid={hasError || undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => {
          const typed = event.currentTarget.value;
          const answer = centsAnswerOf(typed);
          setText(typed);
          setReported(answer);
          onChange(answer);
        }}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
    </DollarPrefix>
  );
}

const DefaultTextWidget = getDefaultRegistry().widgets.TextWidget ?? MoneyWidget;

/** rjsf's text widget, which number fields use too, drawn as money when the field asks for it. */
export function TextOrMoneyWidget(props: WidgetProps) {
  if (props.options.money === 'cents') {
    return <CentsMoneyWidget {...props} />;
  }
  return props.options.money === true ? <MoneyWidget {...props} /> : <DefaultTextWidget {...props} />;
}
