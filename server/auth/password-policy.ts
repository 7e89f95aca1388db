/**
 * The rules for a new password of the embedded provider (NCSC / NIST SP 800-63B style): at least
 * 12 characters and not one of the common passwords in `common-passwords.txt`; no composition rules.
 */
import { readFileSync } from 'node:fs';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordLength } from '../../common/api/users';

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

let commonPasswords: Set<string> | undefined;

/** The bundled list, read once; `#` lines are comments. */
function loadCommonPasswords(): Set<string> {
  if (!commonPasswords) {
    const text = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
    commonPasswords = new Set(
      text
        .split('\n')
        .map((line) => line.trim().toLowerCase())
        .filter((line) => line !== '' && !line.startsWith('#')),
    );
  }
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.trim().toLowerCase());
}

/** Every problem with a new password and its confirmation; empty when it may be used. */
export function checkNewPassword(password: string, confirmPassword: string): PasswordProblem[] {
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
