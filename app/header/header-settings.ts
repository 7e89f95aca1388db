/** The header's settings, read from the data attributes the page shell puts on `#app__header` (spec §1). */
import type { HeaderSettings } from '../../common/site-header';

export function readHeaderSettings(element: HTMLElement): HeaderSettings {
  const { isHome, isSignInPage, welcomeText, title } = element.dataset;
  return { isHome: isHome === 'true', isSignInPage: isSignInPage === 'true', welcomeText: welcomeText ?? '', title: title ?? '' };
}
