/** The team app's application screens' paths, relative to the team app's base (/admin). */
import type { ApplicationStageCode } from '../../common/application-stages';

export const applicationReviewPaths = {
  /** The queue, at one stage when given. */
  queue: (status?: ApplicationStageCode) => (status ? `/applications?status=${status}` : '/applications'),
  application: (id: number) => `/applications/${String(id)}`,
};
