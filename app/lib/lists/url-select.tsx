/** A labelled select among a list's controls that writes its choice to the list's URL (./url-params.ts). */
import '../../styles/lists.css';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { KEEP_FOCUS_STATE } from '../routing';
import { changedSearch } from './url-params';

export interface SelectOption {
  value: string;
  label: string;
}

/** A select of the list's controls: choosing changes one URL parameter (and goes back to page 1). */
export function UrlSelect({ label, param, value, options, onChange }: { label: string; param: string; value: string; options: readonly SelectOption[]; onChange?: () => void }) {
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  return (
    <div className="form-field list-controls__field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="form-field__input"
        value={value}
        onChange={(event) => {
          onChange?.();
          // Focus stays on the select: a keyboard user may go on choosing (the change is still announced).
          setSearchParams(changedSearch(searchParams, { [param]: event.currentTarget.value }), { state: KEEP_FOCUS_STATE });
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
