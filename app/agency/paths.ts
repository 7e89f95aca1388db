/** Every path of the agency form app, relative to its base path /agency-form (spec §2 "Agency form"). */
export const agencyPaths = {
  start: () => '/',
  step: (step: number, options: { fromConfirm?: boolean } = {}) => `/step/${String(step)}${options.fromConfirm === true ? '?from=confirm' : ''}`,
  contact: () => '/contact',
  completed: () => '/completed',
  resume: (id: string) => `/resume/${id}`,
};
