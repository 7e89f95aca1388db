/**
 * Stacked radios in the GOV.UK pattern: one question as the fieldset's legend, a hint, the error
 * between them and the choices, for the forms that build their own (not from a form schema). The
 * fieldset carries `id`, so an error summary's link lands on the first choice.
 */
import '../../styles/form-widgets.css';

export interface RadioOption<Value> {
  value: Value;
  label: string;
}

/** The choices of a yes-or-no question, yes first. */
export const YES_OR_NO: readonly RadioOption<boolean>[] = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

export interface RadiosProps<Value> {
  id: string;
  name: string;
  legend: string;
  hint: string;
  options: readonly RadioOption<Value>[];
  /** The chosen option's value; undefined when none is chosen yet. */
  value: Value | undefined;
  error: string | undefined;
  onChange: (value: Value) => void;
}

export function Radios<Value>({ id, name, legend, hint, options, value, error, onChange }: RadiosProps<Value>) {
  return (
    <div className={error === undefined ? 'form-field' : 'form-field form-field--error'}>
      <fieldset className="radios" id={id} aria-describedby={error === undefined ? `${id}-hint` : `${id}-hint ${id}-error`}>
        <legend className="form-field__label radios__legend">{legend}</legend>
        <p className="form-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
        {error !== undefined && (
          <p className="form-field__error" id={`${id}-error`}>
            <span className="visually-hidden">Error: </span>
            {error}
          </p>
        )}
        <div className="choice-list">
          {options.map((option, index) => (
            <div className="choice" key={option.label}>
              <input
                className="choice__input"
                type="radio"
                id={`${id}-${String(index)}`}
                name={name}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
              />
              <label className="choice__label" htmlFor={`${id}-${String(index)}`}>
                {option.label}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
