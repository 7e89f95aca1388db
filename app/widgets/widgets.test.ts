// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { accordionSearchStatus, foldForSearch, initAccordions } from './accordion';
import { stripNonBreakingSpaces } from './stat-blocks';

afterEach(() => {
  document.body.replaceChildren();
});

function setBody(html: string): void {
  document.body.innerHTML = html;
}

describe('initAccordions', () => {
  const markup = `
    <div class="accordion-holder">
      <h3 class="accordion__heading">Who can apply?</h3>
      <div class="accordion__panel"><p>Any business.</p></div>
      <h3 class="accordion__heading">How long does it take?</h3>
      <div class="accordion__panel" id="duration"><p>Four weeks.</p></div>
    </div>`;

  it('turns each heading into a button that shows and hides its panel', () => {
    setBody(markup);
    initAccordions(document);
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('.accordion__heading > button')];
    expect(buttons.map((button) => button.textContent)).toEqual(['Who can apply?', 'How long does it take?']);
    const [first, second] = buttons;
    if (!first || !second) {
      throw new Error('expected two buttons');
    }
    const panel = document.getElementById(first.getAttribute('aria-controls') ?? '');
    expect(panel?.textContent).toBe('Any business.');
    expect(second.getAttribute('aria-controls')).toBe('duration');
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(panel?.hidden).toBe(true);

    first.click();
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.hidden).toBe(false);
    first.click();
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(panel?.hidden).toBe(true);
  });

  it('can run twice without wrapping buttons in buttons', () => {
    setBody(markup);
    initAccordions(document);
    initAccordions(document);
    expect(document.querySelectorAll('button button')).toHaveLength(0);
    expect(document.querySelectorAll('.accordion__heading > button')).toHaveLength(2);
  });
});

describe('the accordion search', () => {
  const faq = `
    <div class="accordion-holder" data-accordion-search="Search the questions">
      <h2 class="accordion__heading">Who can buy?</h2>
      <div class="accordion__panel"><p>Government agencies.</p></div>
      <h2 class="accordion__heading">How do I apply to sell?</h2>
      <div class="accordion__panel"><p>Register your business, then apply for services.</p></div>
      <h2 class="accordion__heading">Can I download the list?</h2>
      <div class="accordion__panel"><p>Yes, as a spreadsheet of suppliers.</p></div>
      <h2 class="accordion__heading">Te Tiriti advice</h2>
      <div class="accordion__panel"><p>Māori engagement.</p></div>
    </div>`;

  function search(text: string): void {
    const input = document.querySelector<HTMLInputElement>('input[type="search"]');
    if (!input) {
      throw new Error('no search box');
    }
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }

  const shownHeadings = () =>
    [...document.querySelectorAll<HTMLElement>('.accordion__heading')].filter((heading) => !heading.hidden).map((heading) => heading.textContent);
  const status = () => document.querySelector('[role="status"]')?.textContent;

  it('adds a labelled search box before the holder', () => {
    setBody(faq);
    initAccordions(document);
    const input = document.querySelector<HTMLInputElement>('input[type="search"]');
    const label = document.querySelector(`label[for="${input?.id ?? ''}"]`);
    expect(label?.textContent).toBe('Search the questions');
    expect(input?.nextElementSibling?.getAttribute('role')).toBe('status');
    expect(document.querySelector('.accordion-search')?.nextElementSibling?.classList.contains('accordion-holder')).toBe(true);
  });

  it('shows every question below 3 characters and filters on heading or answer from 3', () => {
    setBody(faq);
    initAccordions(document);
    search('ap');
    expect(shownHeadings()).toHaveLength(4);
    expect(status()).toBe('');
    search('app');
    expect(shownHeadings()).toEqual(['How do I apply to sell?']);
    expect(status()).toBe('1 question matches "app"');
    search('SUPPLIERS');
    expect(shownHeadings()).toEqual(['Can I download the list?']);
    search('  maori ');
    expect(shownHeadings()).toEqual(['Te Tiriti advice']);
    search('');
    expect(shownHeadings()).toHaveLength(4);
  });

  it('says so when no question matches, and keeps a filtered-out panel closed', () => {
    setBody(faq);
    initAccordions(document);
    document.querySelector<HTMLButtonElement>('.accordion__button')?.click();
    search('zebra');
    expect(shownHeadings()).toEqual([]);
    expect(status()).toBe('No questions match "zebra"');
    expect([...document.querySelectorAll<HTMLElement>('.accordion__panel')].every((panel) => panel.hidden)).toBe(true);
    search('buy');
    // The question opened before the search is open again once it matches.
    expect(document.querySelector<HTMLElement>('.accordion__panel')?.hidden).toBe(false);
  });

  it('adds no search box to a holder without data-accordion-search', () => {
    setBody(faq.replace(' data-accordion-search="Search the questions"', ''));
    initAccordions(document);
    expect(document.querySelector('input')).toBeNull();
  });

  it('words its status for several and for no matches', () => {
    expect(accordionSearchStatus('ab', 0)).toBe('');
    expect(accordionSearchStatus('abc', 0)).toBe('No questions match "abc"');
    expect(accordionSearchStatus('abc', 3)).toBe('3 questions match "abc"');
    expect(foldForSearch('Māori ÉTÉ')).toBe('maori ete');
  });
});

describe('stripNonBreakingSpaces', () => {
  it('removes non-breaking spaces, as characters or literal entities, inside stat blocks only', () => {
    setBody(
      '<div class="stat-block-wrapper"><strong>1\u00a0250</strong> <span>suppliers&amp;nbsp;listed</span></div>' +
        '<p class="other">keep\u00a0this</p>',
    );
    stripNonBreakingSpaces(document);
    expect(document.querySelector('.stat-block-wrapper')?.textContent).toBe('1250 supplierslisted');
    expect(document.querySelector('.other')?.textContent).toBe('keep\u00a0this');
  });
});
