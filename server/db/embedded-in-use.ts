/**
 * Whether a portal serves on this machine's port: the embedded database (PGlite) is then open in
 * that process, and no other may open it (the backup, the signing-key rotation).
 */
import type { Config } from '../config';

export async function portalAnswers(config: Config): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${String(config.port)}/healthz`, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}
