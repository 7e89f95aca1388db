/**
 * Where a person is in a multi-step form: "Step n of m" and a bar that fills as they go. Its
 * stylesheet (progress-bar.css) is imported by the screens that draw it, so the server can draw it too.
 */
import { useId } from 'react';

export function ProgressBar({ current, total }: { current: number; total: number }) {
  const labelId = useId();
  const text = `Step ${String(current)} of ${String(total)}`;
  return (
    <div className="progress-bar">
      <p className="progress-bar__label" id={labelId}>
        {text}
      </p>
      <progress className="progress-bar__track" value={current} max={total} aria-labelledby={labelId} />
    </div>
  );
}
