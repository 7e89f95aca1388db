import type { ReactNode } from 'react';

/** A screen of a routed app: its one h1, then its content. */
export function Screen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="screen">
      <h1>{title}</h1>
      {children}
    </div>
  );
}
