import { Link } from 'react-router';
import { AgencyHelp } from '../../common/agency-start';
import { agencyPaths } from './paths';

/** The way to the team from every screen of the form. */
export function HelpLink() {
  return <AgencyHelp contactLink={<Link to={agencyPaths.contact()}>Contact the team</Link>} />;
}
