/**
 * Every path of the team's app, relative to its base (/admin), built in one place: screens
 * link and navigate with these. routes.tsx is the table they match.
 */
export const teamPaths = {
  home: () => '/',
};
