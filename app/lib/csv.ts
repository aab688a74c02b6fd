// CSV as spreadsheets read it: the one encoder of `npm run db:export` and the leads' export.

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  // A JSON column (a lead's notes, a booking's answers) as its JSON, not "[object Object]".
  let text = value instanceof Date ? value.toISOString() : typeof value === "object" ? JSON.stringify(value) : String(value);
  // A leading =, +, - or @ would run as a formula when the file is opened in a spreadsheet.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (CRLF-terminated): NULL as an empty cell, times in ISO 8601 (UTC), formulas defused. */
export function toCsvLine(values: unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
