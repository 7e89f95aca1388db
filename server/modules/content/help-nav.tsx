/** The side navigation of the help and information pages. */
import { ABOUT_PATH, DASHBOARD_PATH, DIRECTORY_PATH, FAQ_PATH, SALES_CHANNELS_PATH } from '../../../common/site-paths';
import type { SideNavProps } from '../../pages/side-nav';

const helpPages = [
  { href: FAQ_PATH, label: 'Frequently asked questions' },
  { href: ABOUT_PATH, label: 'About the {product}' },
  { href: SALES_CHANNELS_PATH, label: 'Sales channels' },
  { href: DIRECTORY_PATH, label: 'Approved suppliers' },
  { href: DASHBOARD_PATH, label: 'Supplier dashboard' },
] as const;

export function helpSideNav(currentPath: string, productName: string): SideNavProps {
  return {
    label: 'Help and information',
    items: helpPages.map((page) => ({
      href: page.href,
      label: page.label.replace('{product}', productName),
      isCurrent: page.href === currentPath,
    })),
  };
}
