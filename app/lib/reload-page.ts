/** Reloads the page: spec §8's answer to a session that stays expired and to a screen whose chunk did not load (a module, so tests can replace it). */
export function reloadPage(): void {
  window.location.reload();
}
