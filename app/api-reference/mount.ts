/**
 * The API reference (issue 32): Swagger UI (swagger-ui-dist) draws the OpenAPI document the server
 * publishes, on /developers/api only, from this chunk of its own. It runs under the pages' strict
 * Content-Security-Policy as it is: its styles are one stylesheet file (the chunk's CSS, named in
 * the page's head), React sets its few inline styles through the CSSOM, which `style-src 'self'`
 * allows, its icons are `data:` images, which `img-src` allows, and it evaluates no strings as code.
 *
 * The reference is for reading: no "Try it out" (the API needs a token the page does not hold), so
 * no Authorize buttons, and the schemas are shown with each operation rather than again below. Its
 * own layout and title are replaced (referencePlugin) to fit the page: Swagger UI's draw a second h1
 * and a second main landmark, which the page already has.
 */
import SwaggerUI from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';
import { OPENAPI_DOCUMENT_PATH } from '../../common/site-paths';
import './api-reference.css';

/** The part of Swagger UI's React a plugin draws with (its own copy, not the portal's). */
interface SwaggerReact {
  createElement(type: unknown, props?: Record<string, unknown> | null, ...children: unknown[]): unknown;
}

interface SwaggerSystem {
  React: SwaggerReact;
}

type GetComponent = (name: string, isContainer?: boolean) => unknown;

interface LayoutProps {
  specSelectors: { loadingStatus(): string | undefined; specStr(): string | undefined };
  getComponent: GetComponent;
}

interface InfoProps {
  /** An Immutable map of the document's `info`. */
  info: { get(key: string): unknown };
  getComponent: GetComponent;
}

export const REFERENCE_LAYOUT = 'ReferenceLayout';

/** The reference's layout and title, in the page's heading order and landmarks. */
export function referencePlugin({ React }: SwaggerSystem) {
  const h = React.createElement.bind(React);
  const renderNothing = () => null;

  function ReferenceLayout({ specSelectors, getComponent }: LayoutProps) {
    const status = specSelectors.loadingStatus();
    if (status === 'failed' || status === 'failedConfig') {
      return h(
        'div',
        { className: 'swagger-ui' },
        h('p', { className: 'error-message', role: 'alert' }, 'The API reference could not be loaded. Read the OpenAPI document linked above instead.'),
      );
    }
    if (status === 'loading' || !specSelectors.specStr()) {
      return h('div', { className: 'swagger-ui' }, h('p', { className: 'loading-state' }, 'Loading the API reference…'));
    }
    return h(
      'div',
      { className: 'swagger-ui' },
      h(getComponent('SvgAssets')),
      h('div', { className: 'information-container' }, h(getComponent('InfoContainer', true))),
      h('div', { id: 'operations' }, h(getComponent('operations', true))),
    );
  }

  function ReferenceInfo({ info, getComponent }: InfoProps) {
    const text = (key: string) => {
      const value = info.get(key);
      return typeof value === 'string' ? value : '';
    };
    const description = text('description');
    return h(
      'div',
      { className: 'info' },
      h('h2', { className: 'title' }, text('title'), ' ', h('small', { className: 'api-reference__version' }, `version ${text('version')}`)),
      description ? h('div', { className: 'description' }, h(getComponent('Markdown', true), { source: description })) : null,
    );
  }

  // Without deep links Swagger UI still draws an <a> with no href around each name, which is no link at all.
  const PlainName = ({ text }: { text: unknown }) => h('span', { className: 'nostyle' }, h('span', null, text));

  return {
    components: { [REFERENCE_LAYOUT]: ReferenceLayout, info: ReferenceInfo, DeepLink: PlainName, authorizeBtn: renderNothing, authorizeOperationBtn: renderNothing },
  };
}

export function mount(element: HTMLElement): void {
  SwaggerUI({
    domNode: element,
    url: element.dataset.documentUrl ?? OPENAPI_DOCUMENT_PATH,
    layout: REFERENCE_LAYOUT,
    plugins: [referencePlugin],
    // Areas open, operations folded: the page reads as a list of what each area offers.
    docExpansion: 'list',
    defaultModelsExpandDepth: -1,
    // Deep links put a link inside each operation's button (nested interactive controls).
    deepLinking: false,
    supportedSubmitMethods: [],
    // Plain code blocks in the page's own colours: the highlighter's themes fail the contrast checks.
    syntaxHighlight: { activated: false },
    validatorUrl: null,
  });
}
