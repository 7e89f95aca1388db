/**
 * The agency dashboard's people screens (issue 31), relative to the agency dashboard's base
 * (/agency), built in one place: screens link and navigate with these, and
 * ./agency-users-routes.tsx is the table they match.
 */
export const agencyUsersPaths = {
  agencyUsers: () => '/people',
  inviteAgencyUser: () => '/people/invite',
  editAgencyUser: (id: number) => `/people/edit/${String(id)}`,
};
