/**
 * The agency registration form's page (spec §2 "Agency form"): the shell the agency app mounts
 * into, at /agency-form and every path below it (the app routes in the browser, so a reload on
 * /agency-form/step/2 works), as a public form page carrying the visitor's security token.
 */
import type { FastifyReply } from 'fastify';
import { AGENCY_FORM_PATH } from '../../../common/agency-form';
import type { AgencyAppSettings } from '../../../common/page-data';
import type { App } from '../../app-type';

const settings: AgencyAppSettings = { basename: AGENCY_FORM_PATH };

export async function registerAgencyPages(app: App): Promise<void> {
  const sendShell = (_request: unknown, reply: FastifyReply) =>
    reply.sendPage({
      title: 'Agency Registration',
      publicForm: true,
      app: 'app__agency',
      children: (
        <>
          <div id="app__agency" className="app-mount" data-settings={JSON.stringify(settings)} />
          <noscript>
            <div className="container">
              <p>This form needs JavaScript. Turn on JavaScript in your browser, then reload the page.</p>
            </div>
          </noscript>
        </>
      ),
    });
  const hidden = { schema: { hide: true } };
  app.get(AGENCY_FORM_PATH, hidden, sendShell);
  app.get(`${AGENCY_FORM_PATH}/*`, hidden, sendShell);
}
