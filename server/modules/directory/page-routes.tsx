/** The approved-suppliers directory page (spec §2), the shell the directory app mounts into. */
import type { DirectorySettings } from '../../../common/api/directory';
import { API_PREFIX, DIRECTORY_PATH } from '../../../common/site-paths';
import type { App } from '../../app-type';
import { DirectoryPage } from './directory-page';
import { DIRECTORY_EXPORT_ROUTE, DIRECTORY_SEARCH_ROUTE } from './routes';
import { getDirectoryTree } from './service';

export async function registerDirectoryPage(app: App): Promise<void> {
  const { productName } = app.config;

  app.get(DIRECTORY_PATH, { schema: { hide: true } }, async (request, reply) => {
    const settings: DirectorySettings = {
      channels: await getDirectoryTree(await app.readDatabase(request)),
      formAction: `${API_PREFIX}${DIRECTORY_SEARCH_ROUTE}`,
      exportAction: `${API_PREFIX}${DIRECTORY_EXPORT_ROUTE}`,
    };
    return reply.sendPage({
      title: 'Approved suppliers',
      description: `Search the suppliers approved by the ${productName} by name, service, catalogue or sales channel, and download the list.`,
      app: 'app__suppliers',
      children: <DirectoryPage settings={settings} productName={productName} />,
    });
  });
}
