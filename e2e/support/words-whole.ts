import type { Locator } from 'playwright-core';

/**
 * The words of the elements' text that the browser drew over more than one line ("Submitt / ed",
 * an NZBN split in two): each run of non-space characters is measured with a Range, whose client
 * rectangles sit on more than one line when the word was broken inside. Empty when every word is whole.
 */
export async function wordsBrokenInside(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((nodes) => {
    const broken: string[] = [];
    for (const element of nodes) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text !== null; text = walker.nextNode()) {
        for (const word of (text.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          const start = word.index;
          range.setStart(text, start);
          range.setEnd(text, start + word[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (lines.size > 1) {
            broken.push(word[0]);
          }
        }
      }
    }
    return broken;
  });
}
