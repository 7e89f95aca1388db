/** A plain JSON object: not null and not an array (answers, schemas, parsed bodies). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
