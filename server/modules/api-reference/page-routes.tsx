/**
 * The API reference pages (issues 32 and 33): the OpenAPI document the server publishes, drawn on
 * the server as plain HTML, so they load like any other public page and work without script. The
 * first page says how to use the API and lists its areas; each area has a page of its operations,
 * each folded in a <details> that opens to what it takes and answers.
 */
import { Marked } from 'marked';
import { API_REFERENCE_PATH, OPENAPI_DOCUMENT_PATH } from '../../../common/site-paths';
import type { App } from '../../app-type';
import { Breadcrumbs } from '../../pages/breadcrumbs';
import { sendNotFoundPage } from '../../pages/routes';
import { referenceAreas, type AnswerView, type AreaView, type Field, type OpenapiDocument, type OperationView, type ParameterView } from './reference-model';

export const API_REFERENCE_TITLE = 'API reference';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** CommonMark as the document writes it (code, bold, lists, headings); HTML in it is shown as text, not run. */
const markdown = new Marked({ renderer: { html: ({ text }) => escapeHtml(text) } });

/**
 * Text the document writes in CommonMark, as HTML. Only the server's own text passes here: the
 * document is made from the routes' schemas and settings, never from anything a person typed.
 */
export function Markdown({ text, inline = false, className }: { text: string; inline?: boolean; className?: string }) {
  const html = inline ? markdown.parseInline(text, { async: false }) : markdown.parse(text, { async: false });
  return inline ? <span className={className} dangerouslySetInnerHTML={{ __html: html }} /> : <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

const areaPath = (area: AreaView) => `${API_REFERENCE_PATH}/${area.slug}`;
const areaTitle = (area: AreaView) => `${area.name} operations`;
const operationCount = (area: AreaView) => `${String(area.operations.length)} ${area.operations.length === 1 ? 'operation' : 'operations'}`;

export function ApiReferencePage({ productName, document, areas }: { productName: string; document: OpenapiDocument; areas: readonly AreaView[] }) {
  return (
    <div className="container api-reference">
      <Breadcrumbs items={[{ label: 'Home', href: '/' }, { label: API_REFERENCE_TITLE }]} />
      <h1>{API_REFERENCE_TITLE}</h1>
      <p>
        The {productName} has a REST API: the same one its own pages use. Anyone may read the public directory and the
        published open data through it; suppliers, agencies and the {productName} team sign in to use their parts.
      </p>
      <p>
        The same description, for tools that read it: <a href={OPENAPI_DOCUMENT_PATH}>the OpenAPI document</a> (JSON).
      </p>

      <h2>Operations by area</h2>
      <ul className="api-reference__areas">
        {areas.map((area) => (
          <li key={area.slug}>
            <a href={areaPath(area)}>{areaTitle(area)}</a> ({operationCount(area)})
            <Markdown className="api-reference__area-description" text={area.description} />
          </li>
        ))}
      </ul>

      <h2>How to use the API</h2>
      {document.info.description ? <Markdown className="api-reference__usage" text={document.info.description} /> : null}
    </div>
  );
}

function FieldList({ fields }: { fields: readonly (Field | ParameterView)[] }) {
  return (
    <ul className="api-fields">
      {fields.map((field) => (
        <li key={`${'location' in field ? field.location : 'body'}:${field.name}`} className="api-fields__field">
          <code className="api-fields__name">{field.name}</code>{' '}
          <span className="api-fields__type">
            {'location' in field ? `${field.location}, ` : ''}
            {field.type}
            {field.required ? ', required' : ''}
          </span>
          {field.description ? <Markdown className="api-fields__description" text={field.description} /> : null}
        </li>
      ))}
    </ul>
  );
}

function Answer({ answer }: { answer: AnswerView }) {
  return (
    <li className="api-answers__answer">
      <strong>{answer.status}</strong> <Markdown inline text={answer.description} />
      {answer.mediaType ? <span> ({answer.mediaType})</span> : null}
      {answer.fields.length > 0 ? <FieldList fields={answer.fields} /> : null}
    </li>
  );
}

function Operation({ operation }: { operation: OperationView }) {
  return (
    <details className="api-operation">
      <summary className="api-operation__summary">
        <span className={`api-operation__method api-operation__method--${operation.method.toLowerCase()}`}>{operation.method}</span>{' '}
        <code className="api-operation__path">{operation.path}</code> <Markdown inline className="api-operation__title" text={operation.summary} />
      </summary>
      <div className="api-operation__body">
        {operation.description ? <Markdown text={operation.description} /> : null}
        <p>{operation.signedIn ? 'Needs a signed-in person’s access token.' : 'Needs no sign-in.'}</p>
        {operation.parameters.length > 0 ? (
          <>
            <h2 className="api-operation__heading">Parameters</h2>
            <FieldList fields={operation.parameters} />
          </>
        ) : null}
        {operation.body ? (
          <>
            <h2 className="api-operation__heading">Request body{operation.body.mediaType === 'application/json' ? '' : ` (${operation.body.mediaType})`}</h2>
            {operation.body.fields.length > 0 ? <FieldList fields={operation.body.fields} /> : <p>No fields.</p>}
          </>
        ) : null}
        <h2 className="api-operation__heading">Answers</h2>
        <ul className="api-answers">
          {operation.answers.map((answer) => (
            <Answer key={answer.status} answer={answer} />
          ))}
        </ul>
      </div>
    </details>
  );
}

export function ApiAreaPage({ area }: { area: AreaView }) {
  return (
    <div className="container api-reference">
      <Breadcrumbs items={[{ label: 'Home', href: '/' }, { label: API_REFERENCE_TITLE, href: API_REFERENCE_PATH }, { label: areaTitle(area) }]} />
      <h1>{areaTitle(area)}</h1>
      <Markdown text={area.description} />
      <p>
        {operationCount(area)}. Open one to see what it takes and what it answers. How to sign in and the shape of every error are on{' '}
        <a href={API_REFERENCE_PATH}>the API reference’s first page</a>.
      </p>
      <div className="api-reference__operations">
        {area.operations.map((operation) => (
          <Operation key={`${operation.method} ${operation.path}`} operation={operation} />
        ))}
      </div>
    </div>
  );
}

export async function registerApiReferencePage(app: App): Promise<void> {
  // The routes are fixed once the server is ready, and so is the document: read it once, when first asked.
  let reference: { document: OpenapiDocument; areas: AreaView[] } | undefined;
  const referenceOf = () => {
    if (!reference) {
      const document = app.swagger() as unknown as OpenapiDocument;
      reference = { document, areas: referenceAreas(document) };
    }
    return reference;
  };

  app.get(API_REFERENCE_PATH, { schema: { hide: true } }, (_request, reply) => {
    const { document, areas } = referenceOf();
    return reply.sendPage({
      title: API_REFERENCE_TITLE,
      description: `The ${app.config.productName}'s REST API: how to sign in, the error shape, and every operation with what it takes and answers.`,
      children: <ApiReferencePage productName={app.config.productName} document={document} areas={areas} />,
    });
  });

  app.get<{ Params: { area: string } }>(`${API_REFERENCE_PATH}/:area`, { schema: { hide: true } }, (request, reply) => {
    const area = referenceOf().areas.find((candidate) => candidate.slug === request.params.area);
    if (!area) {
      return sendNotFoundPage(reply, app.config.productName);
    }
    return reply.sendPage({
      title: `${areaTitle(area)} – ${API_REFERENCE_TITLE}`,
      description: `The ${app.config.productName}'s REST API: the ${area.name.toLowerCase()} operations, with what each takes and answers.`,
      children: <ApiAreaPage area={area} />,
    });
  });
}
