// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { initSideNavToggles } from './side-nav';
import { fakeMedia } from '../test/fake-media';

const markup = `
  <button type="button" class="side-nav-toggle" data-side-nav-toggle aria-controls="side-nav" aria-expanded="false" hidden>Sales channels menu</button>
  <nav id="side-nav" class="side-nav" aria-label="Sales channels"><ul><li><a href="/a">A</a></li></ul></nav>`;

afterEach(() => {
  document.body.replaceChildren();
});

function elements() {
  const button = document.querySelector<HTMLButtonElement>('[data-side-nav-toggle]');
  const nav = document.getElementById('side-nav');
  if (!button || !nav) {
    throw new Error('markup missing');
  }
  return { button, nav };
}

describe('initSideNavToggles', () => {
  it('below 768 px shows the button and hides the navigation until the button opens it', () => {
    document.body.innerHTML = markup;
    initSideNavToggles(document, fakeMedia(false));
    const { button, nav } = elements();
    expect(button.hidden).toBe(false);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(nav.hidden).toBe(true);

    button.click();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(nav.hidden).toBe(false);
    button.click();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(nav.hidden).toBe(true);
  });

  it('from 768 px keeps the navigation open and the button hidden, following the media query both ways', () => {
    document.body.innerHTML = markup;
    const media = fakeMedia(true);
    initSideNavToggles(document, media);
    const { button, nav } = elements();
    expect(button.hidden).toBe(true);
    expect(nav.hidden).toBe(false);

    media.set(false);
    expect(button.hidden).toBe(false);
    expect(nav.hidden).toBe(true);
    button.click();
    media.set(true);
    expect(nav.hidden).toBe(false);
    media.set(false);
    // The reader's choice on the small screen is kept.
    expect(nav.hidden).toBe(false);
  });

  it('closes on Escape inside the open navigation and returns focus to the button', () => {
    document.body.innerHTML = markup;
    initSideNavToggles(document, fakeMedia(false));
    const { button, nav } = elements();
    button.click();
    nav.querySelector('a')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(nav.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it('can run twice: one click still toggles once', () => {
    document.body.innerHTML = markup;
    const media = fakeMedia(false);
    initSideNavToggles(document, media);
    initSideNavToggles(document, media);
    const { button, nav } = elements();
    button.click();
    expect(nav.hidden).toBe(false);
  });
});
