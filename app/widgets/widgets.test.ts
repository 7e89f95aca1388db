// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { initAccordions } from './accordion';
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
