/** The desktop breakpoint of spec §9 as a media query: the static-site widgets and the signed-in apps' side navigation listen to it. */
import { DESKTOP_BREAKPOINT_PX } from '../../common/constants';

export const DESKTOP_MEDIA_QUERY = `(min-width: ${DESKTOP_BREAKPOINT_PX}px)`;

export function desktopMedia(view: Window = window): MediaQueryList {
  return view.matchMedia(DESKTOP_MEDIA_QUERY);
}
