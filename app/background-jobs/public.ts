/**
 * What the background jobs area lends the rest of the browser side: the console home's count of
 * failed mail and jobs (app/team/home-screen.tsx) and its query (the home shows its parts together). Other areas import it through this file, its
 * paths and its routes only (.dependency-cruiser.cjs).
 */
export { BackgroundJobsHomePanel } from './background-jobs-home-panel';
export { useBackgroundJobSummary } from './background-jobs-api';
