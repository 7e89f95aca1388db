import { describe, expect, it } from 'vitest';
import {
  checkNewPassword,
  checkPasswordChange,
  COMMON_PASSWORD_MESSAGE,
  MISMATCH_MESSAGE,
  MISSING_CONFIRMATION_MESSAGE,
  MISSING_CURRENT_PASSWORD_MESSAGE,
  MISSING_PASSWORD_MESSAGE,
  SAME_PASSWORD_MESSAGE,
  TOO_LONG_MESSAGE,
  TOO_SHORT_MESSAGE,
} from './password-rules';

const GOOD = 'kettle orchard lantern 42';

describe('checkNewPassword', () => {
  it('says the first problem of the password, then of its confirmation', () => {
    expect(checkNewPassword('', '')).toEqual([{ field: 'password', message: MISSING_PASSWORD_MESSAGE }]);
    expect(checkNewPassword('elevenchars', 'elevenchars')).toEqual([{ field: 'password', message: TOO_SHORT_MESSAGE }]);
    expect(checkNewPassword('x'.repeat(257), '')).toEqual([{ field: 'password', message: TOO_LONG_MESSAGE }]);
    expect(checkNewPassword(GOOD, '')).toEqual([{ field: 'confirmPassword', message: MISSING_CONFIRMATION_MESSAGE }]);
    expect(checkNewPassword(GOOD, `${GOOD} `)).toEqual([{ field: 'confirmPassword', message: MISMATCH_MESSAGE }]);
    expect(checkNewPassword(GOOD, GOOD)).toEqual([]);
  });

  it('counts characters as people do: twelve Māori vowels with macrons are twelve characters', () => {
    expect(checkNewPassword('āēīōūāēīōūāē', 'āēīōūāēīōūāē')).toEqual([]);
  });

  it('asks the given list about common passwords (the server passes its own)', () => {
    expect(checkNewPassword(GOOD, GOOD, (password) => password === GOOD)).toEqual([{ field: 'password', message: COMMON_PASSWORD_MESSAGE }]);
  });
});

describe('checkPasswordChange', () => {
  it('lists the current password first, then the new one, in page order', () => {
    expect(checkPasswordChange({ currentPassword: '', password: 'short', confirmPassword: '' })).toEqual([
      { field: 'currentPassword', message: MISSING_CURRENT_PASSWORD_MESSAGE },
      { field: 'password', message: TOO_SHORT_MESSAGE },
    ]);
  });

  it('refuses the current password as the new one, only once the rest is right', () => {
    expect(checkPasswordChange({ currentPassword: GOOD, password: GOOD, confirmPassword: GOOD })).toEqual([
      { field: 'password', message: SAME_PASSWORD_MESSAGE },
    ]);
    expect(checkPasswordChange({ currentPassword: 'old password here', password: GOOD, confirmPassword: GOOD })).toEqual([]);
  });
});
