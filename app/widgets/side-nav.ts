/**
 * The side navigation toggle (spec §2). Markup the server writes (server/pages/side-nav.tsx):
 *
 *   <button class="side-nav-toggle" data-side-nav-toggle aria-controls="side-nav" aria-expanded="false" hidden>…</button>
 *   <nav id="side-nav" class="side-nav">…</nav>
 *
 * Below 768 px the button shows and opens or closes the navigation (closed at first); from 768 px
 * the navigation is always open and the button hidden. Without script the navigation stays open.
 */
import { desktopMedia } from '../lib/media';

function enhanceToggle(button: HTMLButtonElement, media: MediaQueryList): void {
  const nav = button.ownerDocument.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!nav) {
    return;
  }
  button.dataset.sideNavReady = 'true';
  let isOpen = false;

  const render = () => {
    const isDesktop = media.matches;
    button.hidden = isDesktop;
    button.setAttribute('aria-expanded', String(isOpen));
    nav.hidden = !isDesktop && !isOpen;
  };

  button.addEventListener('click', () => {
    isOpen = !isOpen;
    render();
  });
  // Escape closes the open navigation on small screens and returns focus to the button.
  nav.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen && !media.matches) {
      isOpen = false;
      render();
      button.focus();
    }
  });
  media.addEventListener('change', render);
  render();
}

/** Enhances every side navigation toggle under `root`; safe to call twice. */
export function initSideNavToggles(root: ParentNode = document, media: MediaQueryList = desktopMedia()): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-side-nav-toggle]')) {
    if (button.dataset.sideNavReady !== 'true') {
      enhanceToggle(button, media);
    }
  }
}
