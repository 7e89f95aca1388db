import '../styles/header.css';
import { renderApp } from '../lib/app-root';
import { Header } from './header';
import { readHeaderSettings } from './header-settings';

export function mount(element: HTMLElement): void {
  renderApp(element, <Header settings={readHeaderSettings(element)} />);
}
