/**
 * The API reference page (issue 32): the OpenAPI document the server publishes, drawn for people by
 * the API reference app (app/api-reference/mount.ts), which loads on this page alone. Without
 * script the page still says what the API is and links the document itself.
 */
import { API_REFERENCE_PATH, OPENAPI_DOCUMENT_PATH } from '../../../common/site-paths';
import type { App } from '../../app-type';
import { Breadcrumbs } from '../../pages/breadcrumbs';

export const API_REFERENCE_TITLE = 'API reference';

export function ApiReferencePage({ productName }: { productName: string }) {
  return (
    <div className="container api-reference">
      <Breadcrumbs items={[{ label: 'Home', href: '/' }, { label: API_REFERENCE_TITLE }]} />
      <h1>{API_REFERENCE_TITLE}</h1>
      <p>
        The {productName} has a REST API: the same one its own pages use. Anyone may read the public directory and the
        published open data through it; suppliers, agencies and the {productName} team sign in to use their parts.
        Below is every operation, grouped by who may use it, with what it takes and what it answers.
      </p>
      <p>
        The same description, for tools that read it: <a href={OPENAPI_DOCUMENT_PATH}>the OpenAPI document</a> (JSON).
      </p>
      <noscript>
        <p>The list of operations needs JavaScript. Without it, read the OpenAPI document linked above.</p>
      </noscript>
      <div id="app__api-reference" className="app-mount api-reference__mount" data-document-url={OPENAPI_DOCUMENT_PATH}>
        <p className="loading-state">Loading the API reference…</p>
      </div>
    </div>
  );
}

export async function registerApiReferencePage(app: App): Promise<void> {
  app.get(API_REFERENCE_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.sendPage({
      title: API_REFERENCE_TITLE,
      description: `The ${app.config.productName}'s REST API: how to sign in, the error shape, and every operation with what it takes and answers.`,
      app: 'app__api-reference',
      children: <ApiReferencePage productName={app.config.productName} />,
    }),
  );
}
