import { Link } from 'react-router';
import { agencyPaths } from './paths';

/** The way to the team from every screen of the form. */
export function HelpLink() {
  return (
    <p className="agency-help">
      Need help with this form? <Link to={agencyPaths.contact()}>Contact the team</Link>.
    </p>
  );
}
