/** What the benchmarks share to report: percentiles, and their section of bench/README.md. */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const README = path.join(import.meta.dirname, 'README.md');

/** The nearest-rank percentile of ascending `sorted` (`fraction` 0.5 is the median); NaN when empty. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) {
    return Number.NaN;
  }
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
}

/** The median of `values`, in any order. */
export function median(values: readonly number[]): number {
  return percentile([...values].sort((a, b) => a - b), 0.5);
}

/** Replaces what stands between `<!-- {name}:start -->` and `<!-- {name}:end -->` in bench/README.md. */
export async function writeReadmeSection(name: string, section: string): Promise<void> {
  const startMarker = `<!-- ${name}:start -->`;
  const endMarker = `<!-- ${name}:end -->`;
  const readme = await readFile(README, 'utf8');
  const start = readme.indexOf(startMarker);
  const end = readme.indexOf(endMarker);
  if (start === -1 || end === -1) {
    throw new Error(`bench/README.md has no ${startMarker} … ${endMarker} section`);
  }
  await writeFile(README, `${readme.slice(0, start + startMarker.length)}\n${section}\n${readme.slice(end)}`);
  console.log('\nwritten into bench/README.md');
}
