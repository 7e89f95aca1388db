/**
 * The agency's answers to a refused change of its people (issue 31) in plain English: who is
 * already a member (409 on inviting), the hourly limit of invitations (429), and the last admin
 * (409 on demoting or removing). Any other refusal keeps the server's words.
 */
import { ApiError, describeApiFailure } from '../lib/api-error';
import { errorsFromServer, type UserFormErrors } from '../lib/user-form-validation';

/** The most invitations an agency's admins may send in an hour (the server's limit). */
export const INVITATIONS_PER_HOUR = 20;

export const TOO_MANY_INVITATIONS_MESSAGE = `Your agency has sent ${String(INVITATIONS_PER_HOUR)} invitations in the last hour, the most allowed. Try again in an hour.`;

export function alreadyMemberMessage(agencyName: string): string {
  return `This person is already a member of ${agencyName}. You can change whether they are an administrator from the list of people.`;
}

export function lastAdminMessage(agencyName: string, isRemoval: boolean): string {
  return `${agencyName} needs at least one administrator. Make someone else an administrator before ${isRemoval ? 'removing' : 'changing'} this one.`;
}

/** The invite or edit form's errors for a refused save. */
export function agencyUserFormErrors(error: Error, mode: 'add' | 'edit', agencyName: string): UserFormErrors {
  if (error instanceof ApiError && error.status === 429) {
    return { fields: {}, general: [TOO_MANY_INVITATIONS_MESSAGE] };
  }
  if (error instanceof ApiError && error.status === 409) {
    return mode === 'add' ? { fields: { email: alreadyMemberMessage(agencyName) }, general: [] } : { fields: {}, general: [lastAdminMessage(agencyName, false)] };
  }
  return errorsFromServer(error, mode);
}

/** Why a removal was refused, for the confirmation dialog. */
export function removalProblem(error: Error, agencyName: string): string {
  return error instanceof ApiError && error.status === 409 ? lastAdminMessage(agencyName, true) : describeApiFailure(error);
}
