/** The site's own pages: the home page (with the directory's figures), about and the FAQ. */
import { ABOUT_PATH, FAQ_PATH, HOME_PATH } from '../../../common/site-paths';
import type { App } from '../../app-type';
import { getDirectoryFigures } from '../directory/service';
import { AboutPage } from './about-page';
import { FaqPage } from './faq-page';
import { HomePage } from './home-page';

export async function registerContentPages(app: App): Promise<void> {
  const { productName } = app.config;
  const hidden = { schema: { hide: true } };

  app.get(HOME_PATH, hidden, async (_request, reply) => {
    const figures = await getDirectoryFigures(app.database.db);
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
}
