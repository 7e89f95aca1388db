import { Link, NavLink, Outlet } from 'react-router';
import { Screen } from '../../lib/components/screen';
import { useActiveSupplier } from '../active-supplier';

export function SupplierDetailsScreen() {
  const supplier = useActiveSupplier();
  return (
    <Screen title="Supplier details">
      <p>The company details the government holds for {supplier.tradingName}, and messages with the team about them.</p>
      <p>
        <Link className="button" to="/supplier/edit">
          Edit supplier details
        </Link>
      </p>
    </Screen>
  );
}

/** /supplier/edit: its sections as sub-navigation, the chosen one below. */
export function EditSupplierLayout() {
  return (
    <Screen title="Edit supplier details">
      <nav className="sub-nav" aria-label="Supplier details sections">
        <ul>
          <li>
            <NavLink to="company-details">Company details</NavLink>
          </li>
          <li>
            <NavLink to="financial-viability">Financial viability</NavLink>
          </li>
          <li>
            <NavLink to="validation">Validation</NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </Screen>
  );
}

export function CompanyDetailsSection() {
  return (
    <section>
      <h2>Company details</h2>
      <p>Names, addresses, company type, tax and registration numbers, size and locations.</p>
    </section>
  );
}

export function FinancialViabilitySection() {
  return (
    <section>
      <h2>Financial viability</h2>
      <p>Financial statements, solvency, investigations, disputes and legal proceedings.</p>
    </section>
  );
}

export function ValidationSection() {
  return (
    <section>
      <h2>Validation</h2>
      <p>Insurance cover and the checks the team makes before your changes are accepted.</p>
    </section>
  );
}
