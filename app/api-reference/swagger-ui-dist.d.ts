/** The one entry of swagger-ui-dist the API reference uses; the package ships no types. */
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  export interface SwaggerUIOptions {
    domNode: HTMLElement;
    url: string;
    [option: string]: unknown;
  }
  const SwaggerUI: (options: SwaggerUIOptions) => unknown;
  export default SwaggerUI;
}
