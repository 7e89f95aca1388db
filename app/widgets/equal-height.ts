/**
 * Equal-height groups (spec §2): from 768 px every child of a `[data-equal-height]` element gets
 * the height of the group's tallest child (as a minimum, so content never overflows). Recalculated
 * when the window resizes or the page has finished loading; reset below 768 px.
 *
 *   <ul class="card-list" data-equal-height> <li class="card">…</li> … </ul>
 */
import { desktopMedia } from '../lib/media';

function groupMembers(group: HTMLElement): HTMLElement[] {
  return Array.from(group.children).filter((child): child is HTMLElement => child instanceof HTMLElement);
}

/** Sets each group's members to the tallest member's height, or clears that when `isDesktop` is false. */
export function equaliseGroups(root: ParentNode, isDesktop: boolean): void {
  for (const group of root.querySelectorAll<HTMLElement>('[data-equal-height]')) {
    const members = groupMembers(group);
    // Measure natural heights first, then write, so one member's new height does not skew the next.
    for (const member of members) {
      member.style.minHeight = '';
    }
    if (!isDesktop) {
      continue;
    }
    const tallest = Math.max(0, ...members.map((member) => member.getBoundingClientRect().height));
    if (tallest > 0) {
      for (const member of members) {
        member.style.minHeight = `${Math.ceil(tallest)}px`;
      }
    }
  }
}

/** Equalises the groups now and whenever the layout may have changed. */
export function initEqualHeights(root: ParentNode = document, view: Window = window, media: MediaQueryList = desktopMedia(view)): void {
  if (!root.querySelector('[data-equal-height]')) {
    return;
  }
  let frame = 0;
  const update = () => {
    view.cancelAnimationFrame(frame);
    frame = view.requestAnimationFrame(() => {
      equaliseGroups(root, media.matches);
    });
  };
  equaliseGroups(root, media.matches);
  view.addEventListener('resize', update);
  view.addEventListener('load', update);
  media.addEventListener('change', update);
}
