/** What the benchmarks share to measure what a piece of work costs this process's memory, and a file download under it. */
import http from 'node:http';

export interface MemoryMeasure {
  milliseconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  heapBeforeMb: number;
  heapPeakMb: number;
}

export interface DownloadMeasure extends MemoryMeasure {
  bytes: number;
  /** Newlines in the body: a CSV file's rows, its header row included. */
  lines: number;
}

export const mb = (bytes: number) => bytes / 1024 / 1024;

/** Issue 33: an export or bulk file streams with flat memory, the process's RSS growing less than this while it is written. */
export const FLAT_MEMORY_BUDGET_MB = 50;

/** How far the process's RSS rose over where it started while the work ran. */
export const rssGrowthMb = (measure: MemoryMeasure) => measure.rssPeakMb - measure.rssBeforeMb;

/**
 * Runs `work` while sampling this process's memory every `sampleMs`, after a full collection first
 * when `--expose-gc` gives one: the app under test runs in this process, so the peak over the
 * start is what the work cost it.
 */
export async function measureMemory<T>(work: () => Promise<T>, sampleMs = 5): Promise<MemoryMeasure & { result: T }> {
  global.gc?.();
  const before = process.memoryUsage();
  let rssPeak = before.rss;
  let heapPeak = before.heapUsed;
  const sample = setInterval(() => {
    const now = process.memoryUsage();
    rssPeak = Math.max(rssPeak, now.rss);
    heapPeak = Math.max(heapPeak, now.heapUsed);
  }, sampleMs);
  const started = performance.now();
  try {
    const result = await work();
    return {
      result,
      milliseconds: performance.now() - started,
      rssBeforeMb: mb(before.rss),
      rssPeakMb: mb(rssPeak),
      heapBeforeMb: mb(before.heapUsed),
      heapPeakMb: mb(heapPeak),
    };
  } finally {
    clearInterval(sample);
  }
}

/** Reads the body of `url` (no compression) to its end, counting bytes and newlines; any answer but 200 fails. */
function download(url: string, headers: Record<string, string>): Promise<{ bytes: number; lines: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`${url} answered ${String(response.statusCode)}`));
          return;
        }
        let bytes = 0;
        let lines = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (const byte of chunk) {
            if (byte === 10) {
              lines += 1;
            }
          }
        });
        response.on('end', () => {
          resolve({ bytes, lines });
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Downloads `url` over HTTP while sampling this process's memory (measureMemory). */
export async function measureDownload(url: string, headers: Record<string, string> = {}): Promise<DownloadMeasure> {
  const { result, ...memory } = await measureMemory(() => download(url, headers));
  return { ...memory, ...result };
}
