import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { renderApp } from '../lib/app-root';
import { getPageData, readRoutedAppSettings } from '../lib/page-data';
import { createAgencyDashboardRoutes } from './routes';

export function mount(element: HTMLElement): void {
  const { basename } = readRoutedAppSettings(element);
  const router = createBrowserRouter(createAgencyDashboardRoutes({ productName: getPageData().productName }), { basename });
  renderApp(element, <RouterProvider router={router} />);
}
