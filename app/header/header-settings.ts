/** The header's settings, from data attributes the page shell puts on `#app__header` (spec §1). */
export interface HeaderSettings {
  /** The home page: signed-out visitors see the welcome text. */
  isHome: boolean;
  /** The sign-in page: no Login in the header of the page where one signs in. */
  isSignInPage: boolean;
  welcomeText: string;
  /** The page's title, shown beside the product name as the section the visitor is in. */
  title: string;
}

export function readHeaderSettings(element: HTMLElement): HeaderSettings {
  const { isHome, isSignInPage, welcomeText, title } = element.dataset;
  return { isHome: isHome === 'true', isSignInPage: isSignInPage === 'true', welcomeText: welcomeText ?? '', title: title ?? '' };
}
