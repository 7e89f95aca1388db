/**
 * The page shell: `reply.sendPage` renders any area's page in the shared layout with the page data
 * (product name, sign-in settings) the apps read, plus the shells the signed-in apps mount into
 * (spec §1) and the not-found page. Each area registers its own pages.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import { AUTH_CALLBACK_PATH, type DashboardSettings, type PageData, type UserAppSettings } from '../../common/page-data';
import { CHANGE_PASSWORD_PATH } from '../../common/api/users';
import { SECURITY_TOKEN_ATTRIBUTE } from '../../common/public-form';
import type { AppMountId } from '../../common/app-mounts';
import { AGENCY_DASHBOARD_PATH, TEAM_APP_PATH } from '../../common/site-paths';
import type { App } from '../app-type';
import { issuePublicFormToken } from '../http/public-form-token';
import { resolvePageAssets, type PageAssets } from './assets';
import { renderPage, type HeaderSettings } from './layout';
import { currentGlobalAlert, globalAlertFor } from './global-alert';

export interface PageOptions {
  title: string;
  /** The whole document title where the spec gives one (the agency form's); else '{title} — {product}'. */
  documentTitle?: string;
  /** The meta description; without one (or with an empty one) the page has the site's own. */
  description?: string;
  header?: Partial<HeaderSettings>;
  status?: number;
  /**
   * A public form's page (registration, agency): the body carries the visitor's security token
   * (`data-security-token`) and the response sets the session cookie it is tied to.
   */
  publicForm?: boolean;
  /** The browser app the page mounts (its element is in `children`): its files are named in the head. */
  app?: AppMountId;
  children: ReactNode;
}

declare module 'fastify' {
  interface FastifyReply {
    /** Renders a page in the shared shell and sends it as HTML. */
    sendPage(options: PageOptions): FastifyReply;
  }
}

export function buildPageData(app: App): PageData {
  const { config } = app;
  return {
    productName: config.productName,
    teamContact: config.teamContact,
    apiBase: '/api/v1/',
    reviewTargetDays: config.reviewTargetDays,
    auth: {
      authority: config.oidc.issuer,
      clientId: config.oidc.clientId,
      resource: config.oidc.audience,
      redirectUri: `${config.publicUrl}${AUTH_CALLBACK_PATH}`,
      postLogoutRedirectUri: `${config.publicUrl}/`,
      scope: 'openid profile email',
      ...(config.oidc.embedded ? { changePasswordUrl: CHANGE_PASSWORD_PATH } : {}),
    },
  };
}

const dashboardSettings: DashboardSettings = { basename: '/dashboard' };
const userAppSettings: UserAppSettings = { basename: '/user' };

/** What a page's request adds to its rendering; pages rendered outside a request pass none. */
export interface PageRequestContext {
  /** The Cookie header: a dismissed site notice is left out (no flash before script runs). */
  cookieHeader?: string | undefined;
  /** The path (no query), to mark the current section in the site navigation. */
  path?: string | undefined;
  /** The public form security token to put on the body (pages with `publicForm`). */
  securityToken?: string | undefined;
}

/** The site's own meta description, for pages without one of their own. */
export function siteDescription(productName: string): string {
  return `The ${productName} connects government agencies with approved suppliers of digital, professional and facilities services, and is where businesses apply to become one.`;
}

/** Renders pages in the shared shell: one place for the assets, page data and site notice. */
export function createPageRenderer(app: App): (options: PageOptions, request?: PageRequestContext) => string {
  let assets: PageAssets | undefined;
  const pageData = buildPageData(app);
  const { productName } = app.config;
  const globalAlert = currentGlobalAlert(productName);
  return (options, request) => {
    assets ??= resolvePageAssets(app);
    return renderPage({
      title: options.title,
      documentTitle: options.documentTitle,
      // A catalogue or supplier without a description of its own gets the site's.
      description: options.description?.trim() ? options.description : siteDescription(productName),
      productName,
      teamContact: app.config.teamContact,
      assets,
      appAssets: options.app === undefined ? undefined : assets.apps[options.app],
      pageData,
      header: { isHome: false, isSignInPage: false, welcomeText: '', title: options.title, ...options.header },
      globalAlert: request ? globalAlertFor(request.cookieHeader, globalAlert) : null,
      currentPath: request?.path,
      bodyData: request?.securityToken === undefined ? undefined : { [SECURITY_TOKEN_ATTRIBUTE]: request.securityToken },
      children: options.children,
    });
  };
}

export async function registerPages(app: App): Promise<void> {
  const render = createPageRenderer(app);

  app.decorateReply('sendPage', function sendPage(this: FastifyReply, options: PageOptions) {
    const securityToken = options.publicForm ? issuePublicFormToken(app.config, this.request, this) : undefined;
    const html = render(options, { cookieHeader: this.request.headers.cookie, path: this.request.url.split('?')[0], securityToken });
    // Pages embed per-deployment settings and may change on any release: never cache them long.
    return this.status(options.status ?? 200)
      // A public form page carries the visitor's own token: no cache may keep it for another.
      .header('cache-control', options.publicForm ? 'private, no-store' : 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });

  const hidden = { schema: { hide: true } };

  registerAppShell(app, { path: dashboardSettings.basename, title: 'Dashboard', elementId: 'app__dashboard', settings: dashboardSettings });
  registerAppShell(app, { path: AGENCY_DASHBOARD_PATH, title: 'Agency dashboard', elementId: 'app__agency-dashboard', settings: { basename: AGENCY_DASHBOARD_PATH } });
  registerAppShell(app, { path: userAppSettings.basename, title: 'Your account', elementId: 'app__user', settings: userAppSettings });
  registerAppShell(app, { path: TEAM_APP_PATH, title: 'Team console', elementId: 'app__admin', settings: { basename: TEAM_APP_PATH } });

  app.get(AUTH_CALLBACK_PATH, hidden, (_request, reply) =>
    reply.sendPage({
      title: 'Signing in',
      children: (
        <div className="container" id="auth-callback" role="status">
          <h1>Signing you in…</h1>
          <p>You will be taken back to where you were in a moment.</p>
        </div>
      ),
    }),
  );
}

/**
 * The page a browser app mounts into (spec §1), at its base path and every path below it (the app
 * routes in the browser, with history mode), carrying its settings as the element's attribute.
 */
export function registerAppShell(app: App, shell: { path: string; title: string; elementId: AppMountId; settings: object }): void {
  const sendShell = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.sendPage({ title: shell.title, app: shell.elementId, children: <div id={shell.elementId} className="app-mount" data-settings={JSON.stringify(shell.settings)} /> });
  const hidden = { schema: { hide: true } };
  app.get(shell.path, hidden, sendShell);
  app.get(`${shell.path}/*`, hidden, sendShell);
}

/** The HTML not-found page for a browser that asked for a page that does not exist. */
export function sendNotFoundPage(reply: FastifyReply, productName: string): FastifyReply {
  return reply.sendPage({
    title: 'Page not found',
    status: 404,
    children: (
      <div className="container">
        <h1>Page not found</h1>
        <p>We could not find the page you were looking for. Check the address, or go to the {productName} home page.</p>
        <p>
          <a href="/">Go to the home page</a>
        </p>
      </div>
    ),
  });
}
