/**
 * The add a team member form's checks, its outcome's words, and who may change the team. The email and name follow the same
 * schemas as a supplier's invitation (common/api/users.ts), so their checks and the server's
 * answers (400 by field, 409 already on the team) are read by the same rules as a supplier user's form (app/lib/user-form-validation.ts).
 */
import type { AddTeamMemberRequest, AddTeamMemberResponse, TeamResponse } from '../../common/api/team-members';
import { errorsFromServer, validateUserForm, type UserFormErrors } from '../lib/user-form-validation';

export interface TeamMemberFormValues {
  email: string;
  name: string;
  /** Undefined until a radio is chosen: GOV.UK radios start with none chosen. */
  isTeamAdmin: boolean | undefined;
}

export type TeamMemberField = 'email' | 'name' | 'isTeamAdmin';

/** The form's fields in page order, and each one's input (the radios' fieldset). */
export const TEAM_MEMBER_FIELD_IDS: Readonly<Record<TeamMemberField, string>> = {
  email: 'team-member-email',
  name: 'team-member-name',
  isTeamAdmin: 'team-member-is-team-admin',
};

export interface TeamMemberFormErrors {
  fields: Partial<Record<TeamMemberField, string>>;
  general: string[];
}

export const CHOOSE_ROLE_MESSAGE = 'Select yes if they will be a team admin';

export function hasTeamMemberErrors(errors: TeamMemberFormErrors): boolean {
  return Object.keys(errors.fields).length > 0 || errors.general.length > 0;
}

function asUserForm(values: TeamMemberFormValues) {
  return { email: values.email, name: values.name, isAdmin: values.isTeamAdmin ?? false };
}

function fromUserErrors(errors: UserFormErrors): TeamMemberFormErrors {
  return { fields: { ...errors.fields }, general: errors.general };
}

/** What is wrong before sending; nothing once the email, name and role are given. */
export function checkTeamMemberForm(values: TeamMemberFormValues): TeamMemberFormErrors {
  const found = fromUserErrors(validateUserForm(asUserForm(values), 'add'));
  if (values.isTeamAdmin === undefined) {
    found.fields.isTeamAdmin = CHOOSE_ROLE_MESSAGE;
  }
  return found;
}

/** The request a checked form sends: the email and name without surrounding spaces. */
export function toAddTeamMemberRequest(values: TeamMemberFormValues): AddTeamMemberRequest {
  return { email: values.email.trim(), name: values.name.trim(), isTeamAdmin: values.isTeamAdmin ?? false };
}

/** The server's refusal as form errors: a field's 400 by the field, 409 (already on the team) by the email, anything else above the form. */
export function teamMemberErrorsFromServer(error: Error): TeamMemberFormErrors {
  return fromUserErrors(errorsFromServer(error, 'add'));
}

/** The problems for the error summary: those of the whole form, then each field's in page order. */
export function teamMemberSummary(errors: TeamMemberFormErrors): { fieldId?: string; message: string }[] {
  const fields = (Object.keys(TEAM_MEMBER_FIELD_IDS) as TeamMemberField[]).flatMap((field) => {
    const message = errors.fields[field];
    return message === undefined ? [] : [{ fieldId: TEAM_MEMBER_FIELD_IDS[field], message }];
  });
  return [...errors.general.map((message) => ({ message })), ...fields];
}

/** The banner after adding: whether they joined at once or were invited, and what that means. */
export function addedMessage({ member, outcome }: AddTeamMemberResponse): string {
  const role = member.isTeamAdmin ? 'a team admin' : 'a team member';
  return outcome === 'added'
    ? `${member.name} (${member.email}) was added to the marketplace team as ${role}. We emailed to tell them.`
    : `${member.email} was invited to join the marketplace team as ${role}. We emailed them: they can use the team console once they sign in with that address.`;
}

/** Whether the signed-in person may add and remove team members (a team admin); false until the team has loaded. */
export function canManageTeam(team: TeamResponse | undefined): boolean {
  return team?.members.some((member) => member.isCurrentUser && member.isTeamAdmin) ?? false;
}
