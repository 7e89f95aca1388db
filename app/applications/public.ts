/**
 * What the applications area lends the rest of the browser side: the sales channels with their
 * catalogues and services (the team's registration review names the chosen services by them, from
 * the same cached query as applying) and, for the dashboard's route test, the applications' query
 * keys and an empty draft. Other areas import applications through this file, its paths and its
 * routes only (.dependency-cruiser.cjs).
 */
export { applicationQueryKeys, emptyDraft, useChannels } from './applications-api';
