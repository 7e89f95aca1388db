/**
 * What the next-steps area lends the rest of the browser side (.dependency-cruiser.cjs): the "what needs
 * doing" panel, which the dashboard's first screen (app/applications/applications-screen.tsx) shows,
 * and its query (that screen shows its parts together).
 */
export { NextStepsPanel } from './next-steps-panel';
export { useNextSteps } from './next-steps-api';
