/**
 * rjsf widget for an amount in dollars (`'ui:widget': 'money'`, or `'ui:options': { money: true }`
 * on a number field): the number input with a "$" before it. The "$" is decoration; the question's
 * title or help says the amount is in dollars.
 */
import { getDefaultRegistry } from '@rjsf/core';
import type { WidgetProps } from '@rjsf/utils';

export function MoneyWidget(props: WidgetProps) {
  const { BaseInputTemplate } = props.registry.templates;
  return (
    <div className="money-input">
      <span className="money-input__prefix" aria-hidden="true">
        $
      </span>
      <BaseInputTemplate {...props} />
    </div>
  );
}

const DefaultTextWidget = getDefaultRegistry().widgets.TextWidget ?? MoneyWidget;

/** rjsf's text widget, which number fields use too, drawn as money when the field asks for it. */
export function TextOrMoneyWidget(props: WidgetProps) {
  return props.options.money === true ? <MoneyWidget {...props} /> : <DefaultTextWidget {...props} />;
}
