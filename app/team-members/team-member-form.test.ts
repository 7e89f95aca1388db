import { describe, expect, it } from 'vitest';
import { ALREADY_ON_TEAM, TEAM_ADMIN_ONLY, type TeamMember } from '../../common/api/team-members';
import { ApiError } from '../lib/api-error';
import { addedMessage, canManageTeam, checkTeamMemberForm, CHOOSE_ROLE_MESSAGE, teamMemberErrorsFromServer, teamMemberSummary, toAddTeamMemberRequest } from './team-member-form';

const member = (overrides: Partial<TeamMember>): TeamMember => ({
  id: 1,
  name: 'Kiri Tane',
  email: 'kiri@example.com',
  isTeamAdmin: false,
  since: '2027-01-15T00:00:00.000Z',
  hasSignedIn: true,
  isCurrentUser: false,
  ...overrides,
});

describe('adding a team member', () => {
  it('asks for an email address, a name and whether they will be a team admin, in the order of the page', () => {
    const errors = checkTeamMemberForm({ email: 'not an email', name: '  ', isTeamAdmin: undefined });
    expect(teamMemberSummary(errors)).toEqual([
      { fieldId: 'team-member-email', message: 'Enter an email address in the correct format, like name@example.com' },
      { fieldId: 'team-member-name', message: 'Enter the person’s name' },
      { fieldId: 'team-member-is-team-admin', message: CHOOSE_ROLE_MESSAGE },
    ]);
  });

  it('sends the email and name without surrounding spaces, and No as a plain member', () => {
    const values = { email: ' kiri@example.com ', name: ' Kiri Tane ', isTeamAdmin: false };
    expect(checkTeamMemberForm(values)).toEqual({ fields: {}, general: [] });
    expect(toAddTeamMemberRequest(values)).toEqual({ email: 'kiri@example.com', name: 'Kiri Tane', isTeamAdmin: false });
  });

  it('shows someone already on the team by the email, and a refusal to a plain member above the form', () => {
    expect(teamMemberErrorsFromServer(new ApiError(409, { error: 'conflict', message: ALREADY_ON_TEAM }))).toEqual({
      fields: { email: ALREADY_ON_TEAM },
      general: [],
    });
    expect(teamMemberErrorsFromServer(new ApiError(403, { error: 'forbidden', message: TEAM_ADMIN_ONLY }))).toEqual({ fields: {}, general: [TEAM_ADMIN_ONLY] });
  });

  it('says whether the person was added at once or invited', () => {
    expect(addedMessage({ member: member({ isTeamAdmin: true }), outcome: 'added' })).toBe(
      'Kiri Tane (kiri@example.com) was added to the marketplace team as a team admin. We emailed to tell them.',
    );
    expect(addedMessage({ member: member({ hasSignedIn: false }), outcome: 'invited' })).toMatch(/^kiri@example\.com was invited to join the marketplace team as a team member\./);
  });

  it('lets only a team admin change the team', () => {
    expect(canManageTeam(undefined)).toBe(false);
    expect(canManageTeam({ members: [member({ isCurrentUser: true, isTeamAdmin: false }), member({ id: 2, isTeamAdmin: true })] })).toBe(false);
    expect(canManageTeam({ members: [member({ isCurrentUser: true, isTeamAdmin: true })] })).toBe(true);
  });
});
