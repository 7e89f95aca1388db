/**
 * The rules for a new password of the embedded identity provider (NCSC / NIST SP 800-63B style): at
 * least 12 characters, at most 256, and not a common password; no composition rules. The browser
 * checks what it can at once; the server checks the same and the bundled common-password list
 * (server/auth/password-policy.ts), so both say the same words.
 */
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordLength } from './api/users';

export type PasswordField = 'password' | 'confirmPassword';

export interface PasswordProblem {
  field: PasswordField;
  message: string;
}

export const PASSWORD_HINT = `Use at least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words together make a strong password that is easy to remember.`;
export const TOO_SHORT_MESSAGE = `Your password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
export const TOO_LONG_MESSAGE = `Your password must be ${MAX_PASSWORD_LENGTH} characters or fewer.`;
export const COMMON_PASSWORD_MESSAGE = 'This password is too common and easy to guess. Choose a different password.';
export const MISMATCH_MESSAGE = 'The passwords do not match. Enter the same password twice.';
export const MISSING_PASSWORD_MESSAGE = 'Enter a password.';
export const MISSING_CONFIRMATION_MESSAGE = 'Enter your password again.';

/**
 * The first problem with a new password and its confirmation; empty when it may be used.
 * `isCommonPassword` is the server's list; the browser leaves it out.
 */
export function checkNewPassword(
  password: string,
  confirmPassword: string,
  isCommonPassword: (password: string) => boolean = () => false,
): PasswordProblem[] {
  const length = passwordLength(password);
  if (password === '') {
    return [{ field: 'password', message: MISSING_PASSWORD_MESSAGE }];
  }
  if (length < MIN_PASSWORD_LENGTH) {
    return [{ field: 'password', message: TOO_SHORT_MESSAGE }];
  }
  if (length > MAX_PASSWORD_LENGTH) {
    return [{ field: 'password', message: TOO_LONG_MESSAGE }];
  }
  if (isCommonPassword(password)) {
    return [{ field: 'password', message: COMMON_PASSWORD_MESSAGE }];
  }
  if (confirmPassword === '') {
    return [{ field: 'confirmPassword', message: MISSING_CONFIRMATION_MESSAGE }];
  }
  if (confirmPassword !== password) {
    return [{ field: 'confirmPassword', message: MISMATCH_MESSAGE }];
  }
  return [];
}

/** With an external issuer, which manages passwords itself. */
export const PASSWORD_MANAGED_ELSEWHERE_MESSAGE = 'Your password is managed by your organisation’s sign-in service. Change it there.';

export const MISSING_CURRENT_PASSWORD_MESSAGE = 'Enter your current password.';
export const SAME_PASSWORD_MESSAGE = 'Your new password must be different from your current password.';

export interface PasswordChangeProblem {
  field: PasswordField | 'currentPassword';
  message: string;
}

/**
 * What can be said about a password change before the current password is checked against the
 * account: in page order, one problem per field at most.
 */
export function checkPasswordChange(
  input: { currentPassword: string; password: string; confirmPassword: string },
  isCommonPassword?: (password: string) => boolean,
): PasswordChangeProblem[] {
  const problems: PasswordChangeProblem[] =
    input.currentPassword === '' ? [{ field: 'currentPassword', message: MISSING_CURRENT_PASSWORD_MESSAGE }] : [];
  problems.push(...checkNewPassword(input.password, input.confirmPassword, isCommonPassword));
  if (problems.length === 0 && input.password === input.currentPassword) {
    problems.push({ field: 'password', message: SAME_PASSWORD_MESSAGE });
  }
  return problems;
}
