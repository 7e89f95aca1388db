/**
 * Accordions of the static pages (spec §2 "Static site widgets"). Markup the CMS writes:
 *
 *   <div class="accordion-holder">
 *     <h3 class="accordion__heading">Question</h3>
 *     <div class="accordion__panel">Answer</div>
 *     …
 *   </div>
 *
 * Each heading's text becomes a button that shows and hides the panel after it (aria-expanded and
 * aria-controls, as in the WAI-ARIA accordion pattern). Without script every panel stays open.
 */
let panelCount = 0;

function enhanceSection(heading: HTMLElement): void {
  const panel = heading.nextElementSibling;
  if (!(panel instanceof HTMLElement) || !panel.classList.contains('accordion__panel')) {
    return;
  }
  if (panel.id === '') {
    panelCount += 1;
    panel.id = `accordion-panel-${panelCount}`;
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
}

/** Turns every `.accordion-holder` under `root` into an accordion; safe to call twice. */
export function initAccordions(root: ParentNode = document): void {
  for (const holder of root.querySelectorAll<HTMLElement>('.accordion-holder')) {
    if (holder.dataset.accordionReady === 'true') {
      continue;
    }
    holder.dataset.accordionReady = 'true';
    holder.querySelectorAll<HTMLElement>('.accordion__heading').forEach(enhanceSection);
  }
}
