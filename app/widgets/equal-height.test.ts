// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { equaliseGroups, initEqualHeights } from './equal-height';
import { fakeMedia } from '../test/fake-media';

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/** jsdom has no layout: each element reports the height in its data-height unless a min-height is set. */
function stubHeights(): void {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const natural = Number(this.dataset.height ?? 0);
    const minimum = Number.parseFloat(this.style.minHeight) || 0;
    return { height: Math.max(natural, minimum), width: 100, top: 0, left: 0, right: 100, bottom: 0, x: 0, y: 0, toJSON: () => ({}) };
  });
}

const markup = `
  <ul data-equal-height>
    <li data-height="120">A</li><li data-height="180.4">B</li><li data-height="90">C</li>
  </ul>
  <div data-equal-height><p data-height="40">D</p><p data-height="60">E</p></div>
  <div><p data-height="70" id="outside">F</p></div>`;

function minHeights(selector: string): string[] {
  return [...document.querySelectorAll<HTMLElement>(selector)].map((element) => element.style.minHeight);
}

describe('equaliseGroups', () => {
  it('gives every member of each group its tallest member height, group by group', () => {
    document.body.innerHTML = markup;
    stubHeights();
    equaliseGroups(document, true);
    expect(minHeights('ul[data-equal-height] > li')).toEqual(['181px', '181px', '181px']);
    expect(minHeights('div[data-equal-height] > p')).toEqual(['60px', '60px']);
    expect(document.getElementById('outside')?.style.minHeight).toBe('');
  });

  it('resets the heights below 768 px', () => {
    document.body.innerHTML = markup;
    stubHeights();
    equaliseGroups(document, true);
    equaliseGroups(document, false);
    expect(minHeights('[data-equal-height] > *')).toEqual(['', '', '', '', '']);
  });

  it('measures natural heights again when recalculating (content that shrank shrinks the group)', () => {
    document.body.innerHTML = markup;
    stubHeights();
    equaliseGroups(document, true);
    const tallest = document.querySelector<HTMLElement>('[data-height="180.4"]');
    if (tallest) {
      tallest.dataset.height = '100';
    }
    equaliseGroups(document, true);
    expect(minHeights('ul[data-equal-height] > li')).toEqual(['120px', '120px', '120px']);
  });
});

describe('initEqualHeights', () => {
  it('equalises at once from 768 px, then again on resize and when the media query changes', () => {
    document.body.innerHTML = markup;
    stubHeights();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(0);
      return 1;
    });
    const media = fakeMedia(true);
    initEqualHeights(document, window, media);
    expect(minHeights('ul[data-equal-height] > li')).toEqual(['181px', '181px', '181px']);

    media.set(false);
    expect(minHeights('ul[data-equal-height] > li')).toEqual(['', '', '']);

    media.set(true);
    const grown = document.querySelector<HTMLElement>('[data-height="90"]');
    if (grown) {
      grown.dataset.height = '300';
    }
    window.dispatchEvent(new Event('resize'));
    expect(minHeights('ul[data-equal-height] > li')).toEqual(['300px', '300px', '300px']);
  });
});
