import '../styles/register.css';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { prefetchStepForm } from '../lib/forms/use-step-form';
import { getPageData } from '../lib/page-data';
import { queryClient } from '../lib/query-client';
import { renderPublicApp } from '../lib/render-root';
import { readFormUse, replayFormUse } from '../lib/take-over';
import { hasServerDrawnForm } from './first-visit';
import { createRegisterRoutes } from './routes';
import { readRegisterSettings } from './settings';

export async function mount(element: HTMLElement): Promise<void> {
  const settings = readRegisterSettings(element);
  const createApp = () => {
    const router = createBrowserRouter(createRegisterRoutes(settings, { productName: getPageData().productName }), { basename: settings.basename });
    return <RouterProvider router={router} />;
  };
  if (!hasServerDrawnForm(element)) {
    renderPublicApp(element, createApp());
    return;
  }
  // The server drew the first step and the visitor may be using it: the app draws the same step at
  // once (its form loaded first, so no loading state shows in between) and does again what they did.
  const firstStep = settings.form.steps[0];
  if (firstStep) {
    await prefetchStepForm(queryClient, settings.form, firstStep.id);
  }
  const use = readFormUse(element);
  renderPublicApp(element, createApp(), { atOnce: true });
  replayFormUse(element, use);
}
