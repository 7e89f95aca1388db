/**
 * A component whose code loads the first time it is drawn (React's `lazy`), through loadChunk like
 * every lazy route (routing.tsx): a chunk that fails, or has not loaded after the timeout, throws
 * ChunkLoadError to the nearest error boundary, which says so (spec §8) instead of waiting forever.
 */
import { lazy, type ComponentType } from 'react';
import { loadChunk } from './chunks';

export function lazyComponent<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  return lazy(() => loadChunk(load));
}
