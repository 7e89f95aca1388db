/** The team app's inbox screens, relative to the team app's base (/admin); ./team-inbox-routes.tsx matches them. */
export const teamInboxPaths = {
  inbox: (search = '') => `/inbox${search}`,
  thread: (threadId: number) => `/inbox/${String(threadId)}`,
};
