/**
 * The approved-suppliers directory (spec §2): the suppliers app mounts on `#app__suppliers` and reads
 * its settings (the channel → catalogue → service tree and its endpoints) from the JSON block.
 */
import type { DirectorySettings } from '../../../common/api/directory';
import { DIRECTORY_SETTINGS_ELEMENT_ID } from '../../../common/directory';
import { SALES_CHANNELS_PATH } from '../../../common/site-paths';
import { Breadcrumbs } from '../../pages/breadcrumbs';
import { toScriptJson } from '../../pages/layout';

export function DirectoryPage({ settings, productName }: { settings: DirectorySettings; productName: string }) {
  return (
    <div className="container">
      <Breadcrumbs items={[{ label: 'Home', href: '/' }, { label: 'Approved suppliers' }]} />
      <h1>Approved suppliers</h1>
      <p className="lead">
        Every supplier here has been assessed and approved by the {productName} team. Search by name or service, filter
        by sales channel, catalogue and service, and download the list as a spreadsheet.
      </p>
      <p>
        Prefer to browse? <a href={SALES_CHANNELS_PATH}>See the suppliers of each service by sales channel</a>.
      </p>
      <div id="app__suppliers" className="app-mount" />
      <script type="application/json" id={DIRECTORY_SETTINGS_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: toScriptJson(settings) }} />
    </div>
  );
}
