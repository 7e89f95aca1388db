/**
 * The team app's team members screens, relative to the team app's base (/admin), built in one
 * place: the screens link with these, and ./team-member-routes.tsx is the table they match.
 */
export const teamMemberPaths = {
  teamMembers: () => '/team-members',
  addTeamMember: () => '/team-members/add',
};
