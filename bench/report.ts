/** What the benchmarks share to report: percentiles, and their section of bench/README.md. */
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
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

/** The machine's load average over 1, 5 and 15 minutes, as a run's heading gives it ("2.1, 0.8, 0.3"). */
export function loadAverage(): string {
  return os.loadavg().map((value) => value.toFixed(1)).join(', ');
}

/** A moment to the minute in UTC, as a run's heading gives it ("2026-12-02 01:49"). */
export function minuteInUtc(date: Date = new Date()): string {
  return date.toISOString().slice(0, 16).replace('T', ' ');
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
