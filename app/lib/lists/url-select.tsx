/** A labelled select among a list's controls that writes its choice to the list's URL (./url-params.ts). */
import '../../styles/lists.css';
import { useId, useState } from 'react';
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
  // The choice shows at once: the URL's new value reaches `value` a render later, and until then a
  // controlled select would snap back, so a second arrow press would choose the first option again.
  const [shown, setShown] = useState({ value, chosen: value });
  if (shown.value !== value) {
    setShown({ value, chosen: value });
  }
  return (
    <div className="form-field list-controls__field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="form-field__input"
        value={shown.chosen}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          setShown({ value, chosen });
          onChange?.();
          // Focus stays on the select: a keyboard user may go on choosing (the change is still announced).
          setSearchParams(changedSearch(searchParams, { [param]: chosen }), { state: KEEP_FOCUS_STATE });
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
