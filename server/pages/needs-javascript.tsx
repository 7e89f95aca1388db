/** Said where a form page's app cannot run: the server draws its start, but the form works only with JavaScript. */
export function NeedsJavaScript() {
  return (
    <noscript>
      <div className="container">
        <p>This form needs JavaScript. Turn on JavaScript in your browser, then reload the page.</p>
      </div>
    </noscript>
  );
}
