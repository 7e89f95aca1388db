/**
 * The team app's failed mail and jobs screen, relative to the team app's base (/admin), built in one
 * place: screens link with these (the console's home links to it), and ./background-job-routes.tsx
 * is the table they match.
 */
export const backgroundJobPaths = {
  backgroundJobs: (search = '') => `/background-jobs${search}`,
};
