import type { ReactNode } from 'react';

/**
 * A list's results while a changed filter, sort or page loads: the previous results stay in view
 * under a line saying the list is updating, and the region is marked busy for screen readers.
 * Without it the old rows looked like the answer to the new filters until the new ones arrived.
 */
export function UpdatingList({ isUpdating, children }: { isUpdating: boolean; children: ReactNode }) {
  return (
    <div className="updating-list" aria-busy={isUpdating ? 'true' : undefined}>
      {isUpdating && (
        <p className="updating-list__note">
          <span className="loading-state__spinner" aria-hidden="true" />
          Updating the list…
        </p>
      )}
      {children}
    </div>
  );
}
