// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initTabs } from './tabs';

const markup = `
  <div class="tabs" data-tabs data-tabs-label="How it works">
    <ul class="tabs__list">
      <li><a class="tabs__tab" href="#agencies">For agencies</a></li>
      <li><a class="tabs__tab" href="#suppliers">For suppliers</a></li>
      <li><a class="tabs__tab" href="#help">Help</a></li>
    </ul>
    <div class="tabs__panel" id="agencies"><p>Register your agency.</p></div>
    <div class="tabs__panel" id="suppliers"><p id="apply-step">Apply for services.</p></div>
    <div class="tabs__panel" id="help"><p>Ask us.</p></div>
  </div>`;

function tab(name: string): HTMLAnchorElement {
  const found = [...document.querySelectorAll<HTMLAnchorElement>('[role="tab"]')].find((element) => element.textContent === name);
  if (!found) {
    throw new Error(`no tab ${name}`);
  }
  return found;
}

function selectedPanelId(): string | undefined {
  return [...document.querySelectorAll<HTMLElement>('[role="tabpanel"]')].filter((panel) => !panel.hidden).map((panel) => panel.id)[0];
}

function press(target: HTMLElement, key: string): void {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  document.body.replaceChildren();
});

describe('initTabs', () => {
  it('applies the WAI-ARIA tabs roles and selects the first tab when the hash names none', () => {
    document.body.innerHTML = markup;
    initTabs(document, window);
    const list = document.querySelector('.tabs__list');
    expect(list?.getAttribute('role')).toBe('tablist');
    expect(list?.getAttribute('aria-label')).toBe('How it works');
    expect([...document.querySelectorAll('.tabs__list li')].every((item) => item.getAttribute('role') === 'presentation')).toBe(true);
    const first = tab('For agencies');
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(first.tabIndex).toBe(0);
    expect(first.getAttribute('aria-controls')).toBe('agencies');
    expect(tab('For suppliers').getAttribute('aria-selected')).toBe('false');
    expect(tab('For suppliers').tabIndex).toBe(-1);
    const panel = document.getElementById('agencies');
    expect(panel?.getAttribute('role')).toBe('tabpanel');
    expect(panel?.getAttribute('aria-labelledby')).toBe(first.id);
    expect(selectedPanelId()).toBe('agencies');
  });

  it('selects the tab the hash names on load, also for an element inside a panel', () => {
    window.history.replaceState(null, '', '/#help');
    document.body.innerHTML = markup;
    initTabs(document, window);
    expect(selectedPanelId()).toBe('help');

    document.body.innerHTML = markup;
    window.history.replaceState(null, '', '/#apply-step');
    initTabs(document, window);
    expect(selectedPanelId()).toBe('suppliers');
  });

  it('selects a clicked tab and puts its panel in the hash', () => {
    document.body.innerHTML = markup;
    initTabs(document, window);
    tab('For suppliers').click();
    expect(selectedPanelId()).toBe('suppliers');
    expect(window.location.hash).toBe('#suppliers');
    expect(document.activeElement).toBe(tab('For suppliers'));
  });

  it('moves and selects with the arrow keys (wrapping), Home and End', () => {
    document.body.innerHTML = markup;
    initTabs(document, window);
    press(tab('For agencies'), 'ArrowRight');
    expect(selectedPanelId()).toBe('suppliers');
    expect(document.activeElement).toBe(tab('For suppliers'));
    expect(window.location.hash).toBe('#suppliers');
    press(tab('For suppliers'), 'ArrowRight');
    press(tab('Help'), 'ArrowRight');
    expect(selectedPanelId()).toBe('agencies');
    press(tab('For agencies'), 'ArrowLeft');
    expect(selectedPanelId()).toBe('help');
    press(tab('Help'), 'Home');
    expect(selectedPanelId()).toBe('agencies');
    press(tab('For agencies'), 'End');
    expect(selectedPanelId()).toBe('help');
    press(tab('Help'), 'a');
    expect(selectedPanelId()).toBe('help');
  });

  it('follows hashchange, and ignores a hash that names no panel', () => {
    document.body.innerHTML = markup;
    initTabs(document, window);
    window.history.replaceState(null, '', '/#suppliers');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(selectedPanelId()).toBe('suppliers');
    window.history.replaceState(null, '', '/#nowhere');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(selectedPanelId()).toBe('suppliers');
  });

  it('can run twice without changing the result', () => {
    document.body.innerHTML = markup;
    initTabs(document, window);
    tab('Help').click();
    initTabs(document, window);
    expect(selectedPanelId()).toBe('help');
    expect(document.querySelectorAll('[aria-selected="true"]')).toHaveLength(1);
  });
});
