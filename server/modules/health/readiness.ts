/**
 * Whether this process should be sent requests. A load balancer asks `/readyz`; a process that has
 * been told to stop says no at once, and goes on answering what it is sent until the balancer has
 * noticed (server/main.ts waits SHUTDOWN_DRAIN_SECONDS before it closes).
 */
export interface Readiness {
  readonly isDraining: boolean;
  /** From now on the process reports itself not ready; it cannot be undone. */
  startDraining(): void;
}

export function createReadiness(): Readiness {
  let draining = false;
  return {
    get isDraining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
}
