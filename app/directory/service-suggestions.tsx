import type { ServiceSuggestion } from '../../common/api/directory';

export function suggestionOptionId(listboxId: string, suggestion: ServiceSuggestion): string {
  return `${listboxId}-service-${suggestion.id}`;
}

/**
 * The services suggested for the keyword, as the listbox of the search box's combobox. Options are
 * never focused (the search box keeps focus and points at the active one); a transparent overlay
 * behind the list closes it on a click anywhere else (spec §4).
 */
export function ServiceSuggestions({
  listboxId,
  suggestions,
  activeIndex,
  onPick,
  onClose,
}: {
  listboxId: string;
  suggestions: readonly ServiceSuggestion[];
  activeIndex: number;
  onPick: (suggestion: ServiceSuggestion) => void;
  onClose: () => void;
}) {
  const isOpen = suggestions.length > 0;
  return (
    <>
      {isOpen && <div className="service-suggestions__overlay" aria-hidden="true" onClick={onClose} />}
      <ul id={listboxId} className="service-suggestions" role="listbox" aria-label="Suggested services" hidden={!isOpen}>
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.id}
            id={suggestionOptionId(listboxId, suggestion)}
            role="option"
            aria-selected={index === activeIndex}
            className="service-suggestions__option"
            // Keep focus in the search box while the pointer picks.
            onMouseDown={(event) => {
              event.preventDefault();
            }}
            onClick={() => {
              onPick(suggestion);
            }}
          >
            <span className="service-suggestions__title">{suggestion.title}</span>
            <span className="visually-hidden">, </span>
            <span className="service-suggestions__context">
              {suggestion.catalogue.title} ({suggestion.catalogue.channel.title})
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
