/**
 * Tabs driven by the URL hash (spec §2), following the WAI-ARIA tabs pattern. Markup the server
 * writes, which without script is a list of in-page links followed by the sections:
 *
 *   <div class="tabs" data-tabs data-tabs-label="How it works">
 *     <ul class="tabs__list">
 *       <li class="tabs__item"><a class="tabs__tab" href="#panel-a">A</a></li> …
 *     </ul>
 *     <div class="tabs__panel" id="panel-a">…</div> …
 *   </div>
 *
 * The list becomes a tablist, each link a tab (arrow keys, Home and End move between tabs and
 * select them) and each section a tabpanel. The hash selects a tab on load and on `hashchange` (a
 * hash naming a panel or anything inside one); selecting a tab puts its panel's id in the hash.
 */
interface Tab {
  tab: HTMLAnchorElement;
  panel: HTMLElement;
}

function findTabs(container: HTMLElement): Tab[] {
  const tabs: Tab[] = [];
  for (const tab of container.querySelectorAll<HTMLAnchorElement>('.tabs__tab')) {
    const id = decodeURIComponent(tab.hash.slice(1));
    const panel = id === '' ? null : container.ownerDocument.getElementById(id);
    if (panel && container.contains(panel)) {
      tabs.push({ tab, panel });
    }
  }
  return tabs;
}

/** The tab whose panel is, or holds, the element the hash names. */
function tabForHash(tabs: readonly Tab[], hash: string): Tab | undefined {
  if (hash.length <= 1) {
    return undefined;
  }
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return undefined;
  }
  const target = tabs[0]?.panel.ownerDocument.getElementById(id);
  return target ? tabs.find(({ panel }) => panel.contains(target)) : undefined;
}

/** The tab a key moves to from `index` (arrows wrap around), or undefined for other keys. */
function neighbour(tabs: readonly Tab[], index: number, key: string): Tab | undefined {
  switch (key) {
    case 'ArrowRight':
      return tabs[(index + 1) % tabs.length];
    case 'ArrowLeft':
      return tabs[(index - 1 + tabs.length) % tabs.length];
    case 'Home':
      return tabs[0];
    case 'End':
      return tabs.at(-1);
    default:
      return undefined;
  }
}

function enhanceTabs(container: HTMLElement, view: Window): void {
  const tabs = findTabs(container);
  const list = container.querySelector<HTMLElement>('.tabs__list');
  const [first] = tabs;
  if (!list || !first) {
    return;
  }
  container.dataset.tabsReady = 'true';
  container.classList.add('tabs--ready');
  list.setAttribute('role', 'tablist');
  const label = container.dataset.tabsLabel;
  if (label) {
    list.setAttribute('aria-label', label);
  }
  for (const item of list.querySelectorAll('li')) {
    item.setAttribute('role', 'presentation');
  }
  for (const { tab, panel } of tabs) {
    tab.id ||= `${panel.id}-tab`;
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-controls', panel.id);
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', tab.id);
    panel.tabIndex = 0;
  }

  const select = (chosen: Tab, options: { focus?: boolean; updateHash?: boolean } = {}) => {
    for (const entry of tabs) {
      const isSelected = entry === chosen;
      entry.tab.setAttribute('aria-selected', String(isSelected));
      entry.tab.tabIndex = isSelected ? 0 : -1;
      entry.panel.hidden = !isSelected;
    }
    if (options.focus) {
      chosen.tab.focus();
    }
    if (options.updateHash && view.location.hash !== `#${chosen.panel.id}`) {
      // replaceState changes the hash without jumping to the panel or firing hashchange.
      view.history.replaceState(view.history.state, '', `#${encodeURIComponent(chosen.panel.id)}`);
    }
  };

  select(tabForHash(tabs, view.location.hash) ?? first);

  for (const entry of tabs) {
    entry.tab.addEventListener('click', (event) => {
      event.preventDefault();
      select(entry, { focus: true, updateHash: true });
    });
    entry.tab.addEventListener('keydown', (event) => {
      const next = neighbour(tabs, tabs.indexOf(entry), event.key);
      if (next) {
        event.preventDefault();
        select(next, { focus: true, updateHash: true });
      }
    });
  }

  view.addEventListener('hashchange', () => {
    const entry = tabForHash(tabs, view.location.hash);
    if (entry) {
      select(entry);
    }
  });
}

/** Enhances every `[data-tabs]` under `root`; safe to call twice. */
export function initTabs(root: ParentNode = document, view: Window = window): void {
  for (const container of root.querySelectorAll<HTMLElement>('[data-tabs]')) {
    if (container.dataset.tabsReady !== 'true') {
      enhanceTabs(container, view);
    }
  }
}
