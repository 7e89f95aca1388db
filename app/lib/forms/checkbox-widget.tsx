/**
 * rjsf widget for one yes-to-confirm checkbox (`'ui:widget': 'checkbox'` on a boolean): the box
 * with its label beside it, without rjsf's "*" (the portal marks optional questions instead).
 */
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

export function CheckboxWidget({ id, value, disabled, readonly, label, onChange, onBlur, onFocus }: WidgetProps) {
  return (
    <div className="checkbox choice">
      <input
        id={id}
        type="checkbox"
        className="choice__input"
        checked={value === true}
        disabled={disabled || readonly}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => onChange(event.currentTarget.checked)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <label htmlFor={id} className="choice__label">
        {label}
      </label>
    </div>
  );
}
