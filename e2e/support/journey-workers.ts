import os from 'node:os';

/**
 * How many journey files run side by side, each worker with its own server and browser: two where
 * there are two cores or more (a journey waits on its page about half of the time, so two fill a
 * 2-core machine), JOURNEY_WORKERS to choose (1 runs them one after another).
 */
export const JOURNEY_WORKERS = Math.max(1, Math.min(2, Number(process.env.JOURNEY_WORKERS ?? os.availableParallelism()) || 1));
