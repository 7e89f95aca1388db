/**
 * The new-password rules (common/password-rules.ts) with the server's part: the bundled list of
 * common passwords in `common-passwords.txt`, which the browser never downloads.
 */
import { readFileSync } from 'node:fs';
import { checkNewPassword as checkPasswordRules, type PasswordProblem } from '../../common/password-rules';
import { projectPath } from '../project-files';

export {
  COMMON_PASSWORD_MESSAGE,
  MISMATCH_MESSAGE,
  MISSING_CONFIRMATION_MESSAGE,
  MISSING_PASSWORD_MESSAGE,
  PASSWORD_HINT,
  TOO_LONG_MESSAGE,
  TOO_SHORT_MESSAGE,
  type PasswordField,
  type PasswordProblem,
} from '../../common/password-rules';

let commonPasswords: Set<string> | undefined;

/** The bundled list, read once; `#` lines are comments. */
function loadCommonPasswords(): Set<string> {
  if (!commonPasswords) {
    const text = readFileSync(projectPath('server/auth/common-passwords.txt'), 'utf8');
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

/** Every problem with a new password and its confirmation, the common list included; empty when it may be used. */
export function checkNewPassword(password: string, confirmPassword: string): PasswordProblem[] {
  return checkPasswordRules(password, confirmPassword, isCommonPassword);
}
