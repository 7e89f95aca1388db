import { useId, useState } from 'react';
import type { SupplierSummary } from '../../common/api/user';

export interface SupplierSwitcherProps {
  suppliers: readonly SupplierSummary[];
  activeSupplierId: number | null;
  /** Switches to a supplier; resolves when the switch is done. */
  onSwitch: (supplierID: number) => Promise<void>;
  /** Called after a successful switch, or when the active supplier is chosen again. */
  onDone: () => void;
}

/** 'Switch accounts' (spec §2): the user's suppliers, the active one checked. */
export function SupplierSwitcher({ suppliers, activeSupplierId, onSwitch, onDone }: SupplierSwitcherProps) {
  const headingId = useId();
  const [pendingId, setPendingId] = useState<number | null>(null);
  const [hasFailed, setHasFailed] = useState(false);

  const choose = (supplierID: number) => {
    if (supplierID === activeSupplierId) {
      onDone();
      return;
    }
    setPendingId(supplierID);
    setHasFailed(false);
    onSwitch(supplierID).then(
      () => {
        setPendingId(null);
        onDone();
      },
      () => {
        setPendingId(null);
        setHasFailed(true);
      },
    );
  };

  return (
    <section className="supplier-switcher" aria-labelledby={headingId}>
      <h3 id={headingId} className="supplier-switcher__title">
        Switch accounts
      </h3>
      <ul className="supplier-switcher__list">
        {suppliers.map((supplier) => {
          const isActive = supplier.supplierID === activeSupplierId;
          return (
            <li key={supplier.supplierID}>
              <button
                type="button"
                className="supplier-switcher__option"
                aria-current={isActive ? 'true' : undefined}
                aria-disabled={pendingId !== null ? 'true' : undefined}
                onClick={() => {
                  if (pendingId === null) {
                    choose(supplier.supplierID);
                  }
                }}
              >
                <span className="supplier-switcher__check" aria-hidden="true">
                  {isActive ? '✓' : ''}
                </span>
                <span className="supplier-switcher__name">{supplier.tradingName}</span>
                {isActive && <span className="visually-hidden"> (active)</span>}
                {pendingId === supplier.supplierID && <span className="supplier-switcher__pending"> switching…</span>}
              </button>
            </li>
          );
        })}
      </ul>
      {hasFailed && (
        <p className="alert alert--error" role="alert">
          We could not switch accounts. Try again.
        </p>
      )}
    </section>
  );
}
