import { useId, useState } from 'react';
import type { AgencySummary, SupplierSummary } from '../../common/api/user';

export interface AccountSwitcherProps {
  suppliers: readonly SupplierSummary[];
  agencies: readonly AgencySummary[];
  /** The remembered supplier; it has the check mark only while no agency is active. */
  activeSupplierId: number | null;
  /** The agency the person acts for (issue 31); null when they act for a supplier, or nobody. */
  activeAgencyId: number | null;
  /** Switches to a supplier; resolves when the switch is done. */
  onSwitchSupplier: (supplierID: number) => Promise<void>;
  /** Switches to an agency; resolves when the switch is done. */
  onSwitchAgency: (agencyID: number) => Promise<void>;
  /** Called after a successful switch, or when the active account is chosen again. */
  onDone: () => void;
}

/** One of the person's organisations as the switcher lists it. */
interface Account {
  key: string;
  name: string;
  isAgency: boolean;
  isActive: boolean;
  switchTo: () => Promise<void>;
}

function listAccounts({ suppliers, agencies, activeSupplierId, activeAgencyId, onSwitchSupplier, onSwitchAgency }: AccountSwitcherProps): Account[] {
  return [
    ...suppliers.map((supplier) => ({
      key: `supplier-${String(supplier.supplierID)}`,
      name: supplier.tradingName,
      isAgency: false,
      isActive: activeAgencyId === null && supplier.supplierID === activeSupplierId,
      switchTo: () => onSwitchSupplier(supplier.supplierID),
    })),
    ...agencies.map((agency) => ({
      key: `agency-${String(agency.agencyID)}`,
      name: agency.agencyName,
      isAgency: true,
      isActive: agency.agencyID === activeAgencyId,
      switchTo: () => onSwitchAgency(agency.agencyID),
    })),
  ];
}

/**
 * 'Switch accounts' (spec §2): the person's organisations, suppliers then agencies (issue 31), the
 * active one checked. An agency is marked so, as a supplier and an agency may share a name.
 */
export function AccountSwitcher(props: AccountSwitcherProps) {
  const { onDone } = props;
  const headingId = useId();
  const [pendingKey, setPendingKey] = useState<string | null>(null);
  const [hasFailed, setHasFailed] = useState(false);

  const choose = (account: Account) => {
    if (account.isActive) {
      onDone();
      return;
    }
    setPendingKey(account.key);
    setHasFailed(false);
    account.switchTo().then(
      () => {
        setPendingKey(null);
        onDone();
      },
      () => {
        setPendingKey(null);
        setHasFailed(true);
      },
    );
  };

  // The class names keep the supplier switcher's, which the browser journeys (e2e/) find it by.
  return (
    <section className="supplier-switcher" aria-labelledby={headingId}>
      <h3 id={headingId} className="supplier-switcher__title">
        Switch accounts
      </h3>
      <ul className="supplier-switcher__list">
        {listAccounts(props).map((account) => (
          <li key={account.key}>
            <button
              type="button"
              className="supplier-switcher__option"
              aria-current={account.isActive ? 'true' : undefined}
              aria-disabled={pendingKey !== null ? 'true' : undefined}
              onClick={() => {
                if (pendingKey === null) {
                  choose(account);
                }
              }}
            >
              <span className="supplier-switcher__check" aria-hidden="true">
                {account.isActive ? '✓' : ''}
              </span>
              <span className="supplier-switcher__name">{account.name}</span>
              {account.isAgency && (
                <span className="supplier-switcher__kind">
                  <span className="visually-hidden">, </span>Agency
                </span>
              )}
              {account.isActive && <span className="visually-hidden"> (active)</span>}
              {pendingKey === account.key && <span className="supplier-switcher__pending"> switching…</span>}
            </button>
          </li>
        ))}
      </ul>
      {hasFailed && (
        <p className="alert alert--error" role="alert">
          We could not switch accounts. Try again.
        </p>
      )}
    </section>
  );
}
