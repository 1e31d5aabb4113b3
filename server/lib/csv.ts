/**
 * A CSV field, always quoted, quotes doubled. A text a spreadsheet would run as a formula (one
 * starting with = + - @, a tab or a carriage return) gets a leading apostrophe, so it is shown,
 * never run (OWASP, "CSV Injection"). A plain number ("-1500.00") is left as it is: a spreadsheet
 * reads it as a number, and a number runs nothing.
 */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** One CSV record, ended by CRLF (RFC 4180). */
export const csvRow = (values: unknown[]): string => `${values.map(csvField).join(',')}\r\n`;
