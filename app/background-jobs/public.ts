/**
 * What the background jobs area lends the rest of the browser side: the console home's count of
 * failed mail and jobs (app/team/home-screen.tsx). Other areas import it through this file, its
 * paths and its routes only (.dependency-cruiser.cjs).
 */
export { BackgroundJobsHomePanel } from './background-jobs-home-panel';
