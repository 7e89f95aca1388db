/**
 * The channel → catalogue → service form (spec §2, §7). Markup (server/modules/catalogue/cascade-form.tsx):
 *
 *   <form data-cascade-form method="get" action="/approved-suppliers">
 *     <select id="x-channel" name="channel">…</select>
 *     <select name="catalogue" data-cascade-parent="x-channel" data-cascade-source="catalogues?channel="
 *             data-cascade-noun="catalogues" aria-describedby="x-catalogue-message">
 *       <option value="">All catalogues</option>
 *       <optgroup data-parent="{channel id}"><option data-parent="{channel id}">…</option></optgroup> …
 *     </select>
 *     <p id="x-catalogue-message"></p>
 *     … the service select likewise, with data-cascade-parent naming the catalogue select
 *   </form>
 *
 * At start each dependent select keeps only the options of its parent's choice (without script it
 * lists every option). When a parent changes, its dependants are cleared and disabled; after
 * CASCADE_SELECT_DELAY_MS the options load from the source relative to the page
 * (`catalogues?channel={id}`), and the select is enabled. A newer change cancels a pending or
 * running load. While loading the select is `aria-busy`; a failed load leaves it disabled with a
 * message. Empty choices are left out of the submitted URL.
 */
import { CASCADE_SELECT_DELAY_MS } from '../../common/constants';

export interface CascadeOption {
  id: number;
  title: string;
}

export interface CascadeFormOptions {
  delayMs?: number;
  fetchOptions?: (url: URL, signal: AbortSignal) => Promise<CascadeOption[]>;
}

interface Dependant {
  select: HTMLSelectElement;
  parent: HTMLSelectElement;
  source: string;
  noun: string;
  placeholder: HTMLOptionElement;
  message: HTMLElement | null;
  timer: ReturnType<typeof setTimeout> | undefined;
  controller: AbortController | undefined;
}

function isOptionList(value: unknown): value is CascadeOption[] {
  return (
    Array.isArray(value) &&
    value.every((item: unknown) => {
      if (typeof item !== 'object' || item === null) {
        return false;
      }
      const { id, title } = item as Record<string, unknown>;
      return typeof id === 'number' && typeof title === 'string';
    })
  );
}

/** GETs an option list as JSON; rejects on an HTTP error or an answer of the wrong shape. */
export async function fetchCascadeOptions(url: URL, signal: AbortSignal): Promise<CascadeOption[]> {
  const response = await fetch(url, { headers: { accept: 'application/json' }, signal, credentials: 'same-origin' });
  if (!response.ok) {
    throw new Error(`${url.pathname} answered ${response.status}`);
  }
  const body: unknown = await response.json();
  if (!isOptionList(body)) {
    throw new Error(`${url.pathname} answered an unexpected shape`);
  }
  return body;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function setMessage(dependant: Dependant, text: string, isError = false): void {
  if (dependant.message) {
    dependant.message.textContent = text;
    dependant.message.classList.toggle('cascade-form__message--error', isError);
  }
}

/** Stops a pending or running load of `dependant`. */
function cancel(dependant: Dependant): void {
  clearTimeout(dependant.timer);
  dependant.timer = undefined;
  dependant.controller?.abort();
  dependant.controller = undefined;
  dependant.select.removeAttribute('aria-busy');
}

/** Leaves only the placeholder, disabled. */
function clear(dependant: Dependant): void {
  cancel(dependant);
  dependant.select.replaceChildren(dependant.placeholder);
  dependant.select.value = '';
  dependant.select.disabled = true;
  setMessage(dependant, '');
}

function fill(dependant: Dependant, options: readonly CascadeOption[]): void {
  const doc = dependant.select.ownerDocument;
  const elements = options.map(({ id, title }) => {
    const option = doc.createElement('option');
    option.value = String(id);
    option.textContent = title;
    return option;
  });
  dependant.select.replaceChildren(dependant.placeholder, ...elements);
  dependant.select.value = '';
  dependant.select.disabled = false;
}

/** Keeps the server-rendered options of the parent's current choice, without a request. */
function pruneToParent(dependant: Dependant): void {
  const parentValue = dependant.parent.disabled ? '' : dependant.parent.value;
  if (parentValue === '') {
    clear(dependant);
    return;
  }
  const selected = dependant.select.value;
  const kept = Array.from(dependant.select.querySelectorAll<HTMLOptionElement>('option[data-parent]')).filter(
    (option) => option.dataset.parent === parentValue,
  );
  dependant.select.replaceChildren(dependant.placeholder, ...kept);
  dependant.select.value = kept.some((option) => option.value === selected) ? selected : '';
  dependant.select.disabled = false;
}

function enhanceForm(form: HTMLFormElement, options: Required<CascadeFormOptions>): void {
  form.dataset.cascadeReady = 'true';
  const doc = form.ownerDocument;
  const dependants: Dependant[] = [];
  for (const select of form.querySelectorAll<HTMLSelectElement>('select[data-cascade-parent]')) {
    const parent = doc.getElementById(select.dataset.cascadeParent ?? '');
    const placeholder = select.querySelector<HTMLOptionElement>('option[value=""]') ?? doc.createElement('option');
    placeholder.value = '';
    if (!(parent instanceof HTMLSelectElement) || !form.contains(parent) || !select.dataset.cascadeSource) {
      continue;
    }
    dependants.push({
      select,
      parent,
      source: select.dataset.cascadeSource,
      noun: select.dataset.cascadeNoun ?? 'options',
      placeholder,
      message: doc.getElementById(select.getAttribute('aria-describedby') ?? ''),
      timer: undefined,
      controller: undefined,
    });
  }

  /** The selects that depend on `select`, directly or through another. */
  const descendantsOf = (select: HTMLSelectElement): Dependant[] => {
    const direct = dependants.filter((dependant) => dependant.parent === select);
    return direct.flatMap((dependant) => [dependant, ...descendantsOf(dependant.select)]);
  };

  const load = (dependant: Dependant, parentValue: string) => {
    dependant.select.setAttribute('aria-busy', 'true');
    setMessage(dependant, `Loading ${dependant.noun}…`);
    dependant.timer = setTimeout(() => {
      dependant.timer = undefined;
      const controller = new AbortController();
      dependant.controller = controller;
      const url = new URL(`${dependant.source}${encodeURIComponent(parentValue)}`, doc.baseURI);
      options.fetchOptions(url, controller.signal).then(
        (list) => {
          if (dependant.controller !== controller) {
            return;
          }
          dependant.controller = undefined;
          dependant.select.removeAttribute('aria-busy');
          fill(dependant, list);
          setMessage(dependant, '');
        },
        () => {
          if (dependant.controller !== controller) {
            return;
          }
          dependant.controller = undefined;
          dependant.select.removeAttribute('aria-busy');
          setMessage(dependant, `${capitalise(dependant.noun)} could not be loaded. Check your connection, then choose again.`, true);
        },
      );
    }, options.delayMs);
  };

  for (const dependant of dependants) {
    pruneToParent(dependant);
  }
  const parents = new Set(dependants.map((dependant) => dependant.parent));
  for (const parent of parents) {
    parent.addEventListener('change', () => {
      for (const descendant of descendantsOf(parent)) {
        clear(descendant);
      }
      if (parent.value === '') {
        return;
      }
      for (const dependant of dependants.filter((entry) => entry.parent === parent)) {
        load(dependant, parent.value);
      }
    });
  }

  // "All …" choices add nothing to the directory's URL.
  form.addEventListener('formdata', (event) => {
    for (const [name, value] of Array.from(event.formData.entries())) {
      if (value === '') {
        event.formData.delete(name);
      }
    }
  });
}

/** Enhances every `form[data-cascade-form]` under `root`; safe to call twice. */
export function initCascadeForms(root: ParentNode = document, options: CascadeFormOptions = {}): void {
  const settings: Required<CascadeFormOptions> = {
    delayMs: options.delayMs ?? CASCADE_SELECT_DELAY_MS,
    fetchOptions: options.fetchOptions ?? fetchCascadeOptions,
  };
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-cascade-form]')) {
    if (form.dataset.cascadeReady !== 'true') {
      enhanceForm(form, settings);
    }
  }
}
