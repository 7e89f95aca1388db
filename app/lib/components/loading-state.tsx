/** A calm "loading" line, announced politely; the spinner is decoration. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading-state" role="status">
      <span className="loading-state__spinner" aria-hidden="true" />
      {label}
    </div>
  );
}
