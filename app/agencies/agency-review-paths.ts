/** The console's addresses of the team's agency review (relative to the console's base, /admin). */
export const agencyReviewPaths = {
  agencies: () => '/agencies',
  agency: (id: number) => `/agencies/${String(id)}`,
};
