import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { renderPublicApp } from '../lib/render-root';
import { getPageData, readRoutedAppSettings } from '../lib/page-data';
import { createAgencyRoutes } from './routes';

export function mount(element: HTMLElement): void {
  const { basename } = readRoutedAppSettings(element);
  const router = createBrowserRouter(createAgencyRoutes({ productName: getPageData().productName }), { basename });
  renderPublicApp(element, <RouterProvider router={router} />);
}
