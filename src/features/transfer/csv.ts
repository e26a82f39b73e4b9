/**
 * CSV text in and out, with Papa Parse (RFC 4180 quoting, line breaks inside cells, BOMs and
 * odd line endings). It is imported here on first use, so it is downloaded only by someone
 * who exports or imports.
 */

const loadPapa = () => import('papaparse').then((m) => m.default);

/** Excel reads a CSV as UTF-8 (₹, Hindi names) only when it starts with a byte order mark. */
const BOM = '\ufeff';

export async function writeCsv(table: readonly (readonly string[])[]): Promise<string> {
  const Papa = await loadPapa();
  // Cells a spreadsheet would run as formulas (=, +, -, @ first) get a leading apostrophe;
  // reading them back takes it off (unescapeCell).
  return (
    BOM +
    Papa.unparse(
      table.map((row) => [...row]),
      { escapeFormulae: true, newline: '\r\n' },
    )
  );
}

export interface ParsedCsv {
  /** Every record, header first, as text cells; wholly blank lines are kept as [''] (line numbers stay true). */
  table: string[][];
  /** Problems Papa Parse reports (an unclosed quote), with the line they start on. */
  errors: string[];
}

export async function readCsv(text: string): Promise<ParsedCsv> {
  const Papa = await loadPapa();
  const result = Papa.parse<string[]>(text, { skipEmptyLines: false });
  return {
    table: result.data,
    // A one-column file has no delimiter to detect: nothing wrong with its cells.
    errors: result.errors
      .filter((e) => e.code !== 'UndetectableDelimiter')
      .map((e) => (e.row === undefined ? e.message : `Line ${e.row + 1}: ${e.message}`)),
  };
}
