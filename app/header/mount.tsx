import { renderApp } from '../lib/app-root';
import { getPageData } from '../lib/page-data';
import { Header } from './header';
import { readHeaderSettings } from './header-settings';

export function mount(element: HTMLElement): void {
  renderApp(element, <Header settings={readHeaderSettings(element)} changePasswordUrl={getPageData().auth.changePasswordUrl} />);
}
