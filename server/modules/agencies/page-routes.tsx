/**
 * The agency registration form's page (spec §2 "Agency form"): the shell the agency app mounts
 * into, at /agency-form and every path below it (the app routes in the browser, so a reload on
 * /agency-form/step/2 works), as a public form page carrying the visitor's security token.
 * At the start, the shell holds the start page itself (common/agency-start.tsx): a first visitor
 * reads it and follows Start now without loading the app (app/agencies/start-page.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AGENCY_FORM_PATH, agencyDocumentTitle, agencyPaths } from '../../../common/agency-form';
import { AgencyHelp, AgencyStartScreen } from '../../../common/agency-start';
import type { AgencyAppSettings } from '../../../common/page-data';
import type { App } from '../../app-type';
import { NeedsJavaScript } from '../../pages/needs-javascript';

const settings: AgencyAppSettings = { basename: AGENCY_FORM_PATH };

/** The start page as the agency app draws it without saved answers, in the app's shell, with plain links. */
function StaticStartScreen({ productName }: { productName: string }) {
  return (
    <div className="routed-app container">
      <AgencyStartScreen
        productName={productName}
        actions={
          <p>
            <a className="button" href={`${AGENCY_FORM_PATH}${agencyPaths.step(1)}`}>
              Start now
            </a>
          </p>
        }
        help={<AgencyHelp contactLink={<a href={`${AGENCY_FORM_PATH}${agencyPaths.contact()}`}>Contact the team</a>} />}
      />
    </div>
  );
}

export async function registerAgencyPages(app: App): Promise<void> {
  const { productName } = app.config;
  const sendShell = (request: FastifyRequest, reply: FastifyReply) => {
    const isStart = request.routeOptions.url === AGENCY_FORM_PATH;
    return reply.sendPage({
      title: 'Agency Registration',
      documentTitle: agencyDocumentTitle(productName, undefined),
      publicForm: true,
      app: 'app__agency',
      children: (
        <>
          <div id="app__agency" className="app-mount" data-settings={JSON.stringify(settings)}>
            {isStart && <StaticStartScreen productName={productName} />}
          </div>
          <NeedsJavaScript />
        </>
      ),
    });
  };
  const hidden = { schema: { hide: true } };
  app.get(AGENCY_FORM_PATH, hidden, sendShell);
  app.get(`${AGENCY_FORM_PATH}/*`, hidden, sendShell);
}
