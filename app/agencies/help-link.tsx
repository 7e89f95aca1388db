import { Link } from 'react-router';
import { agencyPaths } from '../../common/agency-form';
import { AgencyHelp } from '../../common/agency-start';

/** The way to the team from every screen of the form. */
export function HelpLink() {
  return <AgencyHelp contactLink={<Link to={agencyPaths.contact()}>Contact the team</Link>} />;
}
