/** The team app's addresses of the team's registration review (relative to the team app's base, /admin). */
export const registrationReviewPaths = {
  registrations: () => '/registrations',
  registration: (id: number) => `/registrations/${String(id)}`,
};
