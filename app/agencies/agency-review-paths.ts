/** The team app's addresses of the team's agency review (relative to the team app's base, /admin). */
export const agencyReviewPaths = {
  agencies: () => '/agencies',
  agency: (id: number) => `/agencies/${String(id)}`,
};
