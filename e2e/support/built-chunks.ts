/**
 * The browser apps' built files, from the Vite manifest of the build the journeys' server serves
 * (`npm run build`, dist/app): which script a module became, and what the entry loads with itself.
 */
import { readFileSync } from 'node:fs';
import { staticClosure, type Manifest } from '../../server/pages/assets';

let manifest: Manifest | undefined;

function readManifest(): Manifest {
  manifest ??= JSON.parse(readFileSync('dist/app/.vite/manifest.json', 'utf8')) as Manifest;
  return manifest;
}

/** The path the browser fetches for the chunk of `moduleId` (e.g. 'app/lib/auth.ts'). */
export function chunkPath(moduleId: string): string {
  const chunk = readManifest()[moduleId];
  if (!chunk) {
    throw new Error(`${moduleId} is not a chunk of the build`);
  }
  return `/${chunk.file}`;
}

/** The paths of `moduleId`'s chunk and of every chunk it imports statically, which load with it. */
export function chunkPathsWith(moduleId: string): string[] {
  const chunks = readManifest();
  return [...staticClosure(chunks, moduleId)].map((key) => `/${chunks[key]?.file ?? key}`);
}
