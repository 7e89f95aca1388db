/** The side navigation of the help and information pages. */
import type { SideNavProps } from './side-nav';

const helpPages = [
  { href: '/help/faq', label: 'Frequently asked questions' },
  { href: '/about', label: 'About the {product}' },
  { href: '/sales-channels', label: 'Sales channels' },
  { href: '/approved-suppliers', label: 'Approved suppliers' },
  { href: '/dashboard', label: 'Supplier dashboard' },
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
