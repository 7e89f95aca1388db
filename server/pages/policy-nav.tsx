/** The side navigation of the pages about using the site: privacy, accessibility, copyright and terms of use, cookies, open data. */
import { POLICY_LINKS } from './policy-links';
import type { Crumb } from './breadcrumbs';
import type { SideNavProps } from './side-nav';

export function policySideNav(currentPath: string): SideNavProps {
  return {
    label: 'Using this site',
    items: POLICY_LINKS.map((link) => ({ href: link.href, label: link.label, isCurrent: link.href === currentPath })),
  };
}

/** Home, then the page itself. */
export function policyBreadcrumbs(title: string): Crumb[] {
  return [{ label: 'Home', href: '/' }, { label: title }];
}
