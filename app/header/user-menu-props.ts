import type { CurrentUserResponse } from '../../common/api/user';

/** What the user menu (user-menu.tsx) is given, and its popover (user-menu-popover.tsx) with it. */
export interface UserMenuProps {
  currentUser: CurrentUserResponse;
  onSwitchSupplier: (supplierID: number) => Promise<void>;
  /** Makes one of the person's agencies the active organisation (issue 31). */
  onSwitchAgency: (agencyID: number) => Promise<void>;
  onLogout: () => void;
  /** Where to change the password; no link when an external issuer manages passwords. */
  changePasswordUrl?: string | undefined;
}
