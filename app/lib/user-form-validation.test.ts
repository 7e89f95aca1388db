import { describe, expect, it } from 'vitest';
import { MAX_EMAIL_LENGTH, MAX_USER_NAME_LENGTH } from '../../common/api/users';
import { ApiError } from './api-error';
import { errorsFromServer, hasErrors, toInviteRequest, toUpdateRequest, validateUserForm } from './user-form-validation';

const valid = { name: 'Aroha Ngata', email: 'aroha@example.com', isAdmin: false };

describe('validateUserForm (the limits of common/api/users.ts)', () => {
  it('accepts a name and an address', () => {
    expect(hasErrors(validateUserForm(valid, 'add'))).toBe(false);
  });

  it('asks for a name and an address when they are empty or only spaces', () => {
    expect(validateUserForm({ ...valid, name: '   ', email: '' }, 'add').fields).toEqual({
      name: 'Enter the person’s name',
      email: 'Enter an email address',
    });
  });

  it('refuses an address that is not one', () => {
    expect(validateUserForm({ ...valid, email: 'aroha' }, 'add').fields.email).toBe(
      'Enter an email address in the correct format, like name@example.com',
    );
  });

  it('holds to the longest name and address', () => {
    expect(validateUserForm({ ...valid, name: 'a'.repeat(MAX_USER_NAME_LENGTH) }, 'add').fields).toEqual({});
    expect(validateUserForm({ ...valid, name: 'a'.repeat(MAX_USER_NAME_LENGTH + 1) }, 'add').fields.name).toBe(
      `Name must be ${MAX_USER_NAME_LENGTH} characters or fewer`,
    );
    const longEmail = `${'a'.repeat(MAX_EMAIL_LENGTH - '@example.com'.length + 1)}@example.com`;
    expect(validateUserForm({ ...valid, email: longEmail }, 'add').fields.email).toBe(
      `Email address must be ${MAX_EMAIL_LENGTH} characters or fewer`,
    );
  });

  it('refuses hidden formatting characters in a name, saying so', () => {
    expect(validateUserForm({ ...valid, name: 'Aroha\u202Eataginn' }, 'add').fields).toEqual({
      name: 'Name contains hidden formatting characters, perhaps from copying and pasting. Type it again.',
    });
    expect(validateUserForm({ ...valid, name: '   ' }, 'add').fields).toEqual({ name: 'Enter the person’s name' });
  });

  it('checks neither the name nor the address when editing (an admin changes only the role)', () => {
    expect(validateUserForm({ ...valid, email: '', name: '' }, 'edit').fields).toEqual({});
    expect(toUpdateRequest({ ...valid, isAdmin: true })).toEqual({ isAdmin: true });
  });

  it('sends the name and address without surrounding spaces', () => {
    expect(toInviteRequest({ name: ' Aroha ', email: ' aroha@example.com ', isAdmin: true })).toEqual({
      name: 'Aroha',
      email: 'aroha@example.com',
      isAdmin: true,
    });
  });
});

describe('errorsFromServer', () => {
  it('puts a 409 on adding against the email field', () => {
    const error = new ApiError(409, { error: 'conflict', message: 'a@example.com is already a user of this supplier.' });
    expect(errorsFromServer(error, 'add')).toEqual({ fields: { email: 'a@example.com is already a user of this supplier.' }, general: [] });
  });

  it('shows the last-admin refusal on editing as a general problem', () => {
    const message = 'This is the only admin of the supplier: make someone else an admin first.';
    expect(errorsFromServer(new ApiError(409, { error: 'conflict', message }), 'edit')).toEqual({ fields: {}, general: [message] });
  });

  it('maps 400 details to their fields', () => {
    const error = new ApiError(400, {
      error: 'bad request',
      message: 'The request is not valid.',
      details: [{ field: 'body.name', message: 'must match pattern "\\S"' }],
    });
    expect(errorsFromServer(error, 'add').fields.name).toBe('Name must match pattern "\\S"');
  });

  it('explains a network failure', () => {
    expect(errorsFromServer(new TypeError('Failed to fetch'), 'add').general).toHaveLength(1);
  });
});
