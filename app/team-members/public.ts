/**
 * What the team members area lends the rest of the browser side: the team's members, by name (the
 * team inbox and a thread's screen assign threads to them). Other areas import team members through
 * this file, its paths and its routes only (.dependency-cruiser.cjs).
 */
export { useTeamMembers } from './team-members-api';
