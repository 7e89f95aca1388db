/**
 * Files the server reads at run time, by their place in the project. The server runs from its
 * sources (tsx: tests, `npm run dev`) or from its bundle in `dist/server` (`npm start`), so a path
 * relative to the running module would differ between the two; the project's root does not. It is
 * the nearest folder above this module that holds the project's package.json.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(from: string): string {
  for (let folder = from; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'package.json'))) {
      return folder;
    }
    if (path.dirname(folder) === folder) {
      throw new Error(`No package.json above ${from}`);
    }
  }
}

export const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A file or folder of the project, by its path from the root. */
export function projectPath(...segments: string[]): string {
  return path.join(PROJECT_ROOT, ...segments);
}
