import '../styles/register.css';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { renderPublicApp } from '../lib/render-root';
import { getPageData } from '../lib/page-data';
import { createRegisterRoutes } from './routes';
import { readRegisterSettings } from './settings';

export function mount(element: HTMLElement): void {
  const settings = readRegisterSettings(element);
  const router = createBrowserRouter(createRegisterRoutes(settings, { productName: getPageData().productName }), { basename: settings.basename });
  renderPublicApp(element, <RouterProvider router={router} />);
}
