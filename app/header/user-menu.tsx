import { useId, useState } from 'react';
import { Button, DialogTrigger, Popover } from 'react-aria-components';
import type { CurrentUserResponse } from '../../common/api/user';
import { NotAttachedAlert } from '../lib/components/not-attached-alert';
import { SupplierSwitcher } from './supplier-switcher';
import { UserInitials } from './user-initials';

export interface UserMenuProps {
  currentUser: CurrentUserResponse;
  onSwitchSupplier: (supplierID: number) => Promise<void>;
  onLogout: () => void;
  /** Where to change the password; no link when an external issuer manages passwords. */
  changePasswordUrl?: string | undefined;
}

/**
 * The user menu (spec §2): a button showing the user's initials that opens a popover dialog with
 * the account's title, the user's name and email, the supplier switcher and logout. A dialog, not an
 * ARIA menu: focus stays inside until Escape or an outside click closes it and returns to the button.
 *
 * The Popover is the dialog itself (react-aria gives it role="dialog", focus containment and the
 * hidden dismiss buttons when no Dialog is nested): with a nested Dialog those dismiss buttons sit
 * outside the dialog, at the end of the body, where axe reports content outside any landmark.
 */
export function UserMenu({ currentUser, onSwitchSupplier, onLogout, changePasswordUrl }: UserMenuProps) {
  const { user, activeSupplier, suppliers } = currentUser;
  const [isOpen, setIsOpen] = useState(false);
  const titleId = useId();
  const hasSeveralSuppliers = suppliers.length > 1;
  const title = activeSupplier?.tradingName ?? user.name;

  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setIsOpen}>
      <Button className="user-menu__trigger">
        <UserInitials name={user.name} />
        <span className="visually-hidden">Account menu for {user.name}</span>
      </Button>
      <Popover className="user-menu__popover" placement="bottom end" offset={8} aria-labelledby={titleId}>
        <div className="user-menu__content">
          <h2 id={titleId} className="user-menu__title">
            {title}
          </h2>
          {activeSupplier === null && <NotAttachedAlert />}
          <p className="user-menu__name">{user.name}</p>
          <p className="user-menu__email">{user.email}</p>
          {changePasswordUrl !== undefined && (
            <p className="user-menu__account-link">
              <a href={changePasswordUrl}>Change your password</a>
            </p>
          )}
          {hasSeveralSuppliers && (
            <SupplierSwitcher
              suppliers={suppliers}
              activeSupplierId={activeSupplier?.supplierID ?? null}
              onSwitch={onSwitchSupplier}
              onDone={() => {
                setIsOpen(false);
              }}
            />
          )}
          <button type="button" className="button button--secondary user-menu__logout" onClick={onLogout}>
            {hasSeveralSuppliers ? 'Logout of all accounts' : 'Logout'}
          </button>
        </div>
      </Popover>
    </DialogTrigger>
  );
}
