/** A record's facts (label and value) as a GOV.UK summary list. */
import '../../styles/lists.css';
import type { ReactNode } from 'react';

/** A list of facts as a GOV.UK summary list. */
export function FactsList({ facts }: { facts: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="answers__list facts-list">
      {facts.map(([label, value]) => (
        <div className="answers__row" key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
