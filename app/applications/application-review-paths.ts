/** The console's application screens' paths, relative to the console's base (/admin). */
import type { ApplicationStageCode } from '../../common/application-stages';

export const applicationReviewPaths = {
  /** The queue, at one stage when given. */
  queue: (status?: ApplicationStageCode) => (status ? `/applications?status=${status}` : '/applications'),
  application: (id: number) => `/applications/${String(id)}`,
};
