/**
 * Accordions of the static pages (spec §2 "Static site widgets"). Markup the CMS writes:
 *
 *   <div class="accordion-holder" data-accordion-search="Search the questions">
 *     <h3 class="accordion__heading">Question</h3>
 *     <div class="accordion__panel">Answer</div>
 *     …
 *   </div>
 *
 * Each heading's text becomes a button that shows and hides the panel after it (aria-expanded and
 * aria-controls, as in the WAI-ARIA accordion pattern). Without script every panel stays open.
 *
 * A holder with `data-accordion-search` (its value is the search box's label) gets a search box
 * before it: from 3 characters (spec §5) only the questions whose heading or answer contain the
 * text show; fewer characters show them all; a status line says how many match.
 */
import { ACCORDION_SEARCH_MIN_LENGTH } from '../../common/constants';

interface AccordionSection {
  heading: HTMLElement;
  panel: HTMLElement;
  button: HTMLButtonElement;
}

let idCount = 0;

function nextId(prefix: string): string {
  idCount += 1;
  return `${prefix}-${idCount}`;
}

function enhanceSection(heading: HTMLElement): AccordionSection | null {
  const panel = heading.nextElementSibling;
  if (!(panel instanceof HTMLElement) || !panel.classList.contains('accordion__panel')) {
    return null;
  }
  if (panel.id === '') {
    panel.id = nextId('accordion-panel');
  }
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'accordion__button';
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('aria-controls', panel.id);
  button.append(...Array.from(heading.childNodes));
  heading.replaceChildren(button);
  panel.hidden = true;
  button.addEventListener('click', () => {
    const isExpanded = button.getAttribute('aria-expanded') === 'true';
    button.setAttribute('aria-expanded', String(!isExpanded));
    panel.hidden = isExpanded;
  });
  return { heading, panel, button };
}

/** Lower case without diacritics, so "maori" finds "Māori". */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** The status line for a search: empty below the minimum length. */
export function accordionSearchStatus(query: string, matches: number): string {
  if (query.length < ACCORDION_SEARCH_MIN_LENGTH) {
    return '';
  }
  if (matches === 0) {
    return `No questions match "${query}"`;
  }
  return matches === 1 ? `1 question matches "${query}"` : `${matches} questions match "${query}"`;
}

function addSearch(holder: HTMLElement, label: string, sections: readonly AccordionSection[]): void {
  const doc = holder.ownerDocument;
  const inputId = nextId('accordion-search');
  const box = doc.createElement('div');
  box.className = 'accordion-search';
  const labelElement = doc.createElement('label');
  labelElement.className = 'form-field__label';
  labelElement.htmlFor = inputId;
  labelElement.textContent = label;
  const hint = doc.createElement('p');
  hint.className = 'form-field__hint';
  hint.id = `${inputId}-hint`;
  hint.textContent = `Type at least ${ACCORDION_SEARCH_MIN_LENGTH} characters.`;
  const input = doc.createElement('input');
  input.type = 'search';
  input.id = inputId;
  input.className = 'form-field__input accordion-search__input';
  input.autocomplete = 'off';
  input.spellcheck = false;
  input.setAttribute('aria-describedby', hint.id);
  const status = doc.createElement('p');
  status.className = 'accordion-search__status';
  status.setAttribute('role', 'status');
  box.append(labelElement, hint, input, status);
  holder.before(box);

  const texts = sections.map(({ heading, panel }) => foldForSearch(`${heading.textContent} ${panel.textContent}`));
  input.addEventListener('input', () => {
    const query = input.value.trim();
    const isFiltering = query.length >= ACCORDION_SEARCH_MIN_LENGTH;
    const folded = foldForSearch(query);
    let matches = 0;
    sections.forEach(({ heading, panel, button }, index) => {
      const isShown = !isFiltering || (texts[index] ?? '').includes(folded);
      matches += isShown ? 1 : 0;
      heading.hidden = !isShown;
      panel.hidden = !isShown || button.getAttribute('aria-expanded') !== 'true';
    });
    status.textContent = accordionSearchStatus(query, matches);
  });
}

/** Turns every `.accordion-holder` under `root` into an accordion; safe to call twice. */
export function initAccordions(root: ParentNode = document): void {
  for (const holder of root.querySelectorAll<HTMLElement>('.accordion-holder')) {
    if (holder.dataset.accordionReady === 'true') {
      continue;
    }
    holder.dataset.accordionReady = 'true';
    const sections = Array.from(holder.querySelectorAll<HTMLElement>('.accordion__heading'))
      .map(enhanceSection)
      .filter((section): section is AccordionSection => section !== null);
    const searchLabel = holder.dataset.accordionSearch;
    if (searchLabel !== undefined && sections.length > 0) {
      addSearch(holder, searchLabel.trim() || 'Search', sections);
    }
  }
}
