/**
 * Resolves once the browser has painted what the server sent: the page shows before any app's
 * code runs, instead of after it. A hidden tab paints nothing, so there it resolves at once.
 */
export function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    // The frame's callback runs just before the paint; the task after it, just after.
    requestAnimationFrame(() => {
      setTimeout(resolve, 0);
    });
  });
}
