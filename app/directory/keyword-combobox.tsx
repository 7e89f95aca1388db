import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import type { ServiceSuggestion } from '../../common/api/directory';
import { DIRECTORY_KEYWORD_MAX_LENGTH } from '../../common/directory';
import { DIRECTORY_SUBMITTED_KEYWORD_MIN_LENGTH } from '../../common/constants';
import { ServiceSuggestions, suggestionOptionId } from './service-suggestions';

export const KEYWORD_TOO_SHORT_MESSAGE = `Enter ${String(DIRECTORY_SUBMITTED_KEYWORD_MIN_LENGTH)} or more characters to search`;

/**
 * The search box and its Search button, with the suggested services as an ARIA 1.2 combobox:
 * ArrowDown opens the list and moves down, ArrowUp moves up, Enter picks the active service (or
 * searches when none is active), Escape closes the list.
 */
export function KeywordCombobox({
  value,
  suggestions,
  availableSuggestions,
  isTooShort,
  onType,
  onOpen,
  onClose,
  onPick,
  inputRef,
}: {
  value: string;
  /** The suggestions shown: the list is open when there are any. */
  suggestions: readonly ServiceSuggestion[];
  /** What ArrowDown would show when the list is closed. */
  availableSuggestions: readonly ServiceSuggestion[];
  isTooShort: boolean;
  onType: (text: string) => void;
  onOpen: () => void;
  onClose: () => void;
  onPick: (suggestion: ServiceSuggestion) => void;
  /** The search box, for the form to move focus to it. */
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const inputId = `${id}-keyword`;
  const listboxId = `${id}-suggestions`;
  const errorId = `${id}-keyword-error`;
  // Remembered by service id: a new list without that service starts with nothing active.
  const [activeServiceId, setActiveServiceId] = useState<number | null>(null);
  // Suggestions that arrive after focus has moved on (to a dropdown, say) wait for it to come back.
  const [hasFocus, setHasFocus] = useState(false);
  const isOpen = hasFocus && suggestions.length > 0;
  const activeIndex = isOpen ? suggestions.findIndex((suggestion) => suggestion.id === activeServiceId) : -1;
  const activeSuggestion = activeIndex >= 0 ? suggestions[activeIndex] : undefined;

  function activate(index: number) {
    setActiveServiceId(suggestions[index]?.id ?? null);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!isOpen) {
          setActiveServiceId(availableSuggestions[0]?.id ?? null);
          onOpen();
        } else {
          activate((activeIndex + 1) % suggestions.length);
        }
        break;
      case 'ArrowUp':
        if (isOpen) {
          event.preventDefault();
          activate(activeIndex <= 0 ? suggestions.length - 1 : activeIndex - 1);
        }
        break;
      case 'Enter':
        if (activeSuggestion) {
          event.preventDefault();
          onPick(activeSuggestion);
        }
        break;
      case 'Escape':
        if (isOpen) {
          // Also stops the search field's own Escape, which would clear the text.
          event.preventDefault();
          onClose();
        }
        break;
    }
  }

  return (
    <div className={isTooShort ? 'form-field form-field--error directory-search__keyword' : 'form-field directory-search__keyword'}>
      <label className="form-field__label" htmlFor={inputId}>
        Search suppliers or services
      </label>
      {isTooShort && (
        // An alert, as the page has no error summary: the message is read out where focus stays.
        <p id={errorId} className="form-field__error" role="alert">
          <span className="visually-hidden">Error: </span>
          {KEYWORD_TOO_SHORT_MESSAGE}
        </p>
      )}
      <div className="directory-search__row">
        <div className="directory-search__combobox">
          <input
            ref={inputRef}
            id={inputId}
            name="keyword"
            type="search"
            className="form-field__input directory-search__input"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={isOpen}
            aria-controls={listboxId}
            aria-activedescendant={activeSuggestion ? suggestionOptionId(listboxId, activeSuggestion) : undefined}
            aria-describedby={isTooShort ? errorId : undefined}
            aria-invalid={isTooShort || undefined}
            autoComplete="off"
            spellCheck={false}
            maxLength={DIRECTORY_KEYWORD_MAX_LENGTH}
            value={value}
            onChange={(event) => {
              onType(event.target.value);
            }}
            onKeyDown={handleKeyDown}
            onFocus={() => {
              setHasFocus(true);
            }}
            onBlur={() => {
              setHasFocus(false);
              if (isOpen) {
                onClose();
              }
            }}
          />
          <ServiceSuggestions listboxId={listboxId} suggestions={isOpen ? suggestions : []} activeIndex={activeIndex} onPick={onPick} onClose={onClose} />
        </div>
        <button type="submit" className="button directory-search__submit">
          Search
        </button>
      </div>
    </div>
  );
}
