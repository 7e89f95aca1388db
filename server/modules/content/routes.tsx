/**
 * The site's own pages: the home page (with the directory's figures), about, the FAQ, and the pages
 * every government site has (privacy, accessibility, copyright and terms of use, cookies).
 */
import { ABOUT_PATH, ACCESSIBILITY_PATH, COOKIES_PATH, COPYRIGHT_PATH, FAQ_PATH, HOME_PATH, PRIVACY_PATH } from '../../../common/site-paths';
import type { App } from '../../app-type';
import { SESSION_TTL_SECONDS } from '../../auth/session-lifetime';
import { getDirectoryFigures } from '../directory/service';
import { AboutPage } from './about-page';
import { ACCESSIBILITY_TITLE, AccessibilityPage } from './accessibility-page';
import { COOKIES_TITLE, CookiesPage } from './cookies-page';
import { COPYRIGHT_TITLE, CopyrightPage } from './copyright-page';
import { FaqPage } from './faq-page';
import { HomePage } from './home-page';
import { PRIVACY_TITLE, PrivacyPage } from './privacy-page';

export async function registerContentPages(app: App): Promise<void> {
  const { productName } = app.config;
  const hidden = { schema: { hide: true } };

  app.get(HOME_PATH, hidden, async (request, reply) => {
    const figures = await getDirectoryFigures(await app.readDatabase(request));
    return reply.sendPage({
      title: productName,
      header: { isHome: true, welcomeText: `Welcome to the ${productName}`, title: productName },
      children: <HomePage productName={productName} figures={figures} />,
    });
  });

  app.get(ABOUT_PATH, hidden, (_request, reply) =>
    reply.sendPage({
      title: `About the ${productName}`,
      description: `Who runs the ${productName}, what it is for, and how to contact its team.`,
      children: <AboutPage productName={productName} teamContact={app.config.teamContact} />,
    }),
  );

  app.get(FAQ_PATH, hidden, (_request, reply) =>
    reply.sendPage({
      title: 'Frequently asked questions',
      description: `Answers to common questions about buying through and selling on the ${productName}: registering, applying, approval and reporting.`,
      children: <FaqPage productName={productName} teamContact={app.config.teamContact} />,
    }),
  );

  const { teamContact } = app.config;
  const sessionHours = SESSION_TTL_SECONDS / (60 * 60);
  const isSignInEmbedded = app.config.oidc.embedded;

  app.get(PRIVACY_PATH, hidden, (_request, reply) =>
    reply.sendPage({
      title: PRIVACY_TITLE,
      description: `What the ${productName} keeps about the people who use it, why, for how long, and how to ask for a copy or a correction.`,
      children: (
        <PrivacyPage
          productName={productName}
          teamContact={teamContact}
          facts={{
            isSignInEmbedded,
            isMailKeptInOutbox: app.config.mail.transport === 'outbox',
            agencyResumeDays: app.config.agencyResumeDays,
            sessionHours,
          }}
        />
      ),
    }),
  );

  app.get(ACCESSIBILITY_PATH, hidden, (_request, reply) =>
    reply.sendPage({
      title: ACCESSIBILITY_TITLE,
      description: `How accessible the ${productName} is, what we check on every change, and how to report a problem.`,
      children: <AccessibilityPage productName={productName} teamContact={teamContact} />,
    }),
  );

  app.get(COPYRIGHT_PATH, hidden, (_request, reply) =>
    reply.sendPage({
      title: COPYRIGHT_TITLE,
      description: `Who may reuse the ${productName}'s content, and the terms of using the portal.`,
      children: <CopyrightPage productName={productName} teamContact={teamContact} />,
    }),
  );

  app.get(COOKIES_PATH, hidden, (_request, reply) =>
    reply.sendPage({
      title: COOKIES_TITLE,
      description: `The cookies the ${productName} sets, each by its name and purpose, and what it keeps in your browser.`,
      children: <CookiesPage productName={productName} teamContact={teamContact} facts={{ isSignInEmbedded, sessionHours, hasReadReplica: app.database.replica !== undefined }} />,
    }),
  );
}
