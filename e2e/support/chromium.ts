/**
 * Debian's Chromium as the journeys and bench:pages launch it: no browser is downloaded, and the
 * flags this machine's closed network needs (no background connections, no first-run work).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Added for the journeys alone, which load about a thousand pages in a run: no back-forward cache
 * (each page left stays alive in it) and no new frame host per navigation (RenderDocument). Both
 * cost CPU on every navigation; without them ten journey files took 7 % less CPU and 5 % less time
 * (2026-12-02). bench:pages keeps Chromium's defaults, which visitors have.
 */
export const JOURNEY_CHROMIUM_FLAGS: readonly string[] = ['--disable-features=BackForwardCache,RenderDocument'];
