import '../styles/directory.css';
import { ErrorState } from '../lib/components/error-state';
import { renderPublicApp } from '../lib/render-root';
import { DirectorySearch } from './directory-search';
import { readDirectorySettings } from './directory-settings';

export const SETTINGS_ERROR_MESSAGE = 'The supplier directory could not be loaded. Reload the page, or try again later.';

/** Mounts the approved-suppliers directory (spec §1: settings from the page's embedded JSON block). */
export function mount(element: HTMLElement): void {
  let content;
  try {
    content = <DirectorySearch settings={readDirectorySettings()} />;
  } catch (error) {
    console.error(error);
    content = (
      <ErrorState
        message={SETTINGS_ERROR_MESSAGE}
        retryLabel="Reload the page"
        onRetry={() => {
          window.location.reload();
        }}
      />
    );
  }
  renderPublicApp(element, content);
}
