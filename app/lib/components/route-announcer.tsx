/** A visually hidden live region: screen readers announce its text when a route change sets it. */
export function RouteAnnouncer({ message }: { message: string }) {
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {message}
    </p>
  );
}
