/** The console's addresses of the team's registration review (relative to the console's base, /admin). */
export const registrationReviewPaths = {
  registrations: () => '/registrations',
  registration: (id: number) => `/registrations/${String(id)}`,
};
