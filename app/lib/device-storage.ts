/**
 * A JSON value kept in this browser's local storage under one key. Storage may be turned off (then
 * even reading `localStorage` throws), full, or hold what another version wrote: reading then
 * answers null, writing does nothing, and the caller carries on with what it has in memory.
 */
export function readStoredJson(key: string, storage?: Storage): unknown {
  try {
    const text = (storage ?? globalThis.localStorage).getItem(key);
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

/** Keeps `value` as JSON under `key`; null removes the key. */
export function writeStoredJson(key: string, value: unknown, storage?: Storage): void {
  try {
    const store = storage ?? globalThis.localStorage;
    if (value === null) {
      store.removeItem(key);
    } else {
      store.setItem(key, JSON.stringify(value));
    }
  } catch {
    // Full or turned off: nothing is kept on this device.
  }
}
