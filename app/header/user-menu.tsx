import { Suspense, useRef, useState } from 'react';
import { lazyComponent } from '../lib/lazy-component';
import { UserInitials } from './user-initials';
import type { UserMenuProps } from './user-menu-props';

const UserMenuPopover = lazyComponent(() => import('./user-menu-popover'));

/**
 * The user menu (spec §2): a button showing the user's initials that opens a popover dialog with
 * the account's title, the user's name and email, the account switcher and logout. A dialog, not an
 * ARIA menu: focus stays inside until Escape or an outside click closes it and returns to the button.
 * The popover (user-menu-popover.tsx) loads when the menu is first opened.
 */
export function UserMenu(props: UserMenuProps) {
  const { user } = props.currentUser;
  const [isOpen, setIsOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className="user-menu__trigger"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => {
          setIsOpen((wasOpen) => !wasOpen);
        }}
      >
        <UserInitials name={user.name} />
        <span className="visually-hidden">Account menu for {user.name}</span>
      </button>
      {isOpen && (
        <Suspense fallback={null}>
          <UserMenuPopover
            {...props}
            triggerRef={triggerRef}
            onClose={() => {
              setIsOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
