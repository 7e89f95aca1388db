/**
 * The user menu's popover, its own chunk: react-aria's dialog machinery is fetched when the menu is
 * first opened, not with every signed-in page (bench/README.md).
 *
 * The Popover is the dialog itself (react-aria gives it role="dialog", focus containment, the
 * hidden dismiss buttons, and focus back to the trigger on close): with a nested Dialog those
 * dismiss buttons sit outside the dialog, at the end of the body, where axe reports content outside
 * any landmark.
 */
import { useId, type RefObject } from 'react';
import { Popover } from 'react-aria-components';
import { SIGN_IN_SESSIONS_PATH } from '../../common/api/account-sessions';
import { SECOND_FACTORS_PATH } from '../../common/site-paths';
import { NotAttachedAlert } from '../lib/components/not-attached-alert';
import { AccountSwitcher } from './account-switcher';
import type { UserMenuProps } from './user-menu-props';

export interface UserMenuPopoverProps extends UserMenuProps {
  triggerRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}

export default function UserMenuPopover({ currentUser, onSwitchSupplier, onSwitchAgency, onLogout, changePasswordUrl, triggerRef, onClose }: UserMenuPopoverProps) {
  const { user, activeSupplier, suppliers, activeAgency, agencies } = currentUser;
  const titleId = useId();
  // Suppliers and agencies alike are accounts to switch between (issue 31).
  const hasSeveralAccounts = suppliers.length + agencies.length > 1;
  // The agency, while the person acts for one, is the active organisation (issue 31).
  const title = activeAgency?.agencyName ?? activeSupplier?.tradingName ?? user.name;

  return (
    <Popover
      className="user-menu__popover"
      triggerRef={triggerRef}
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) {
          onClose();
        }
      }}
      placement="bottom end"
      offset={8}
      aria-labelledby={titleId}
    >
      <div className="user-menu__content">
        <h2 id={titleId} className="user-menu__title">
          {title}
        </h2>
        {activeSupplier === null && activeAgency === null && <NotAttachedAlert />}
        <p className="user-menu__name">{user.name}</p>
        <p className="user-menu__email">{user.email}</p>
        {changePasswordUrl !== undefined && (
          <p className="user-menu__account-link">
            <a href={changePasswordUrl}>Change your password</a>
          </p>
        )}
        <p className="user-menu__account-link">
          <a href={SIGN_IN_SESSIONS_PATH}>Where you are signed in</a>
        </p>
        {changePasswordUrl !== undefined && (
          <p className="user-menu__account-link">
            <a href={SECOND_FACTORS_PATH}>Two-step verification</a>
          </p>
        )}
        {hasSeveralAccounts && (
          <AccountSwitcher
            suppliers={suppliers}
            agencies={agencies}
            activeSupplierId={activeSupplier?.supplierID ?? null}
            activeAgencyId={activeAgency?.agencyID ?? null}
            onSwitchSupplier={onSwitchSupplier}
            onSwitchAgency={onSwitchAgency}
            onDone={onClose}
          />
        )}
        <button type="button" className="button button--secondary user-menu__logout" onClick={onLogout}>
          {hasSeveralAccounts ? 'Logout of all accounts' : 'Logout'}
        </button>
      </div>
    </Popover>
  );
}
