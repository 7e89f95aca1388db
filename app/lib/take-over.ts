/**
 * An app taking over a form the server drew (the registration's first step). The visitor may have
 * typed, chosen and asked to continue while the app loaded; what they did is read just before the
 * app draws the same form, and done again there, as if they had done it in the app: values through
 * the input events React listens to, choices by a click, then the focus and caret put back and a
 * held submit sent.
 */

/** A field the visitor changed, by its id (the server and the app draw the same ids). */
type ChangedField = { id: string; kind: 'text'; value: string } | { id: string; kind: 'choice'; checked: boolean } | { id: string; kind: 'select'; value: string };

export interface FormUse {
  changed: ChangedField[];
  focusedId: string | null;
  selection: { start: number; end: number } | null;
  isSubmitRequested: boolean;
}

/** The events that start the app: the visitor reaching into the form with a pointer, a key or the focus. */
const FIRST_USE_EVENTS = ['pointerdown', 'focusin', 'keydown', 'input', 'change'] as const;

/** Containers whose submits are held until the app takes over, and whether one was asked for. */
const heldSubmits = new WeakMap<HTMLElement, { isRequested: boolean; release: () => void }>();

function fieldsOf(container: HTMLElement): (HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement)[] {
  return [...container.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input[id], select[id], textarea[id]')];
}

function changedField(field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): ChangedField | null {
  if (field instanceof HTMLSelectElement) {
    const isChanged = [...field.options].some((option) => option.selected !== option.defaultSelected);
    return isChanged ? { id: field.id, kind: 'select', value: field.value } : null;
  }
  if (field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox')) {
    return field.checked !== field.defaultChecked ? { id: field.id, kind: 'choice', checked: field.checked } : null;
  }
  // A chosen file cannot be given to another input; the app's upload asks for it again.
  if (field instanceof HTMLInputElement && field.type === 'file') {
    return null;
  }
  return field.value !== field.defaultValue ? { id: field.id, kind: 'text', value: field.value } : null;
}

function hasBeenUsed(container: HTMLElement): boolean {
  return container.contains(container.ownerDocument.activeElement) || fieldsOf(container).some((field) => changedField(field) !== null);
}

/**
 * Resolves the first time the visitor uses the form the server drew in `container` (at once if they
 * already have, or if there is no such form). From now until `readFormUse`, a submit of that form is
 * held back and remembered, so it never goes to the server as a plain page request.
 */
export function whenFirstUsed(container: HTMLElement): Promise<void> {
  const serverForm = container.querySelector('form');
  if (!serverForm) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const held = {
      isRequested: false,
      release: () => serverForm.removeEventListener('submit', holdSubmit),
    };
    function start() {
      for (const type of FIRST_USE_EVENTS) {
        container.removeEventListener(type, start, true);
      }
      resolve();
    }
    function holdSubmit(event: Event) {
      event.preventDefault();
      held.isRequested = true;
      start();
    }
    heldSubmits.set(container, held);
    serverForm.addEventListener('submit', holdSubmit);
    for (const type of FIRST_USE_EVENTS) {
      container.addEventListener(type, start, true);
    }
    if (hasBeenUsed(container)) {
      start();
    }
  });
}

/** What the visitor did in the server's form: read just before the app replaces it. */
export function readFormUse(container: HTMLElement): FormUse {
  const held = heldSubmits.get(container);
  held?.release();
  heldSubmits.delete(container);
  const focused = container.ownerDocument.activeElement;
  const isFocusedHere = focused instanceof HTMLElement && focused.id !== '' && container.contains(focused);
  let selection: FormUse['selection'] = null;
  if (isFocusedHere && (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement)) {
    try {
      selection = focused.selectionStart === null ? null : { start: focused.selectionStart, end: focused.selectionEnd ?? focused.selectionStart };
    } catch {
      // Inputs such as email have no caret to read.
    }
  }
  return {
    changed: fieldsOf(container).flatMap((field) => changedField(field) ?? []),
    focusedId: isFocusedHere ? focused.id : null,
    selection,
    isSubmitRequested: held?.isRequested ?? false,
  };
}

/** Sets a value the way typing does, so React's change tracking sees it. */
function setValueAsTyped(field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, value: string, eventType: 'input' | 'change'): void {
  const descriptor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value');
  descriptor?.set?.call(field, value);
  field.dispatchEvent(new Event(eventType, { bubbles: true }));
}

/** Does again, in the form the app has just drawn in `container`, what the visitor did in the server's. */
export function replayFormUse(container: HTMLElement, use: FormUse): void {
  const byId = (id: string) => {
    const element = container.ownerDocument.getElementById(id);
    return element && container.contains(element) ? element : null;
  };
  for (const change of use.changed) {
    const field = byId(change.id);
    if (change.kind === 'choice') {
      if (field instanceof HTMLInputElement && field.checked !== change.checked) {
        field.click();
      }
    } else if (field instanceof HTMLSelectElement) {
      setValueAsTyped(field, change.value, 'change');
    } else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
      setValueAsTyped(field, change.value, 'input');
    }
  }
  const focused = use.focusedId === null ? null : byId(use.focusedId);
  if (focused) {
    focused.focus({ preventScroll: true });
    if (use.selection && (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement)) {
      try {
        focused.setSelectionRange(use.selection.start, use.selection.end);
      } catch {
        // Inputs such as email have no caret to set.
      }
    }
  }
  if (use.isSubmitRequested) {
    container.querySelector('form')?.requestSubmit();
  }
}
