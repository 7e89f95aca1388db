import type { StatusTone } from '../../../common/application-stages';

/** A status as a coloured tag: the colour says what it means (common/application-stages.ts StatusTone), the words what it is. */
export function StatusTag({ tone, children }: { tone: StatusTone; children: string }) {
  return <strong className={`status-tag status-tag--${tone}`}>{children}</strong>;
}
