/**
 * Statistic blocks of the static pages (spec §1): the CMS pads their figures with non-breaking
 * spaces, as characters or as literal `&nbsp;` text; both are stripped.
 */
const NON_BREAKING_SPACES = /\u00a0|&nbsp;/g;

export function stripNonBreakingSpaces(root: ParentNode = document): void {
  for (const wrapper of root.querySelectorAll('.stat-block-wrapper')) {
    const walker = document.createTreeWalker(wrapper, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue ?? '';
      const stripped = text.replace(NON_BREAKING_SPACES, '');
      if (stripped !== text) {
        node.nodeValue = stripped;
      }
    }
  }
}
