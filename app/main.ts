/**
 * The one script of every page: starts the static-site widgets, completes sign-in on the callback
 * page, and mounts each app whose element the page has (spec §1), each from its own chunk.
 */
import './styles/index.css';
import { AUTH_CALLBACK_PATH } from '../common/page-data';
import { afterFirstPaint } from './lib/after-paint';
import { loadChunk, showAppLoadError } from './lib/chunks';
import { loadLocaleDataForSignedInApps } from './lib/locale-data';
import { drawSignedInHeaderEarly } from './header/load';
import { mountApps } from './mount-apps';
import { initAccordions } from './widgets/accordion';
import { stripNonBreakingSpaces } from './widgets/stat-blocks';
import { startWidgets } from './widgets/start';

initAccordions(document);
stripNonBreakingSpaces(document);
startWidgets(document);
drawSignedInHeaderEarly(document);
loadLocaleDataForSignedInApps(document);

if (window.location.pathname === AUTH_CALLBACK_PATH) {
  const container = document.getElementById('auth-callback');
  loadChunk(() => import('./auth-callback'))
    .then(({ handleSignInCallback }) => handleSignInCallback(container))
    .catch((error: unknown) => {
      console.error(error);
      if (container) {
        showAppLoadError(container);
      }
    });
}

void afterFirstPaint().then(() => mountApps());
