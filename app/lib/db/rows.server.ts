/** The rows of `db.execute(...)`: postgres.js answers an array, PGlite an object holding `rows`. */
export function rowsOf<Row = Record<string, unknown>>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}
