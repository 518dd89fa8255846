// Rows of a table question from a CSV file, all or nothing: the header names the columns (by their
// ids, in any order), every line becomes a row the engine checks as it checks a typed row, and any
// problem anywhere refuses the whole file, each problem named by its line. Parsed with papaparse in
// the browser; bounded before and while parsing (bytes, lines, columns, characters of a cell).
import Papa from 'papaparse';
import {
  DEFAULT_CELL_MAX_LENGTH,
  formatNumber,
  tableMaxRows,
  todayIso,
  validateTableAnswer,
  type Question,
  type TableColumn,
} from '@reclaim/engine';

export const DEFAULT_IMPORT_MAX_BYTES = 1_000_000;
/** Problems listed at most (the rest are counted). */
export const MAX_LISTED_PROBLEMS = 50;

export type CsvImportResult =
  { kind: 'rows'; rows: Record<string, unknown>[] } | { kind: 'problems'; problems: string[]; more: number };

function problems(list: string[]): CsvImportResult {
  return {
    kind: 'problems',
    problems: list.slice(0, MAX_LISTED_PROBLEMS),
    more: Math.max(0, list.length - MAX_LISTED_PROBLEMS),
  };
}

/** Bytes of a file the question accepts. */
export function importMaxBytes(question: Question): number {
  return question.import?.maxBytes ?? DEFAULT_IMPORT_MAX_BYTES;
}

export function tooLargeMessage(question: Question): string {
  return `The file is too large: choose a CSV file of at most ${formatNumber(Math.round(importMaxBytes(question) / 1000))} KB`;
}

const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)$/;
const UK_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** A cell as the table stores it: numbers as numbers, options by value, dates as YYYY-MM-DD. */
function cellValue(column: TableColumn, text: string): unknown {
  switch (column.type) {
    case 'number':
    case 'currency': {
      const cleaned = text.replace(/[£,\s]/g, '');
      // not a number: kept as typed, so the check names the line and the column
      return NUMBER.test(cleaned) ? Number(cleaned) : text;
    }
    case 'date': {
      const uk = UK_DATE.exec(text);
      return uk ? `${uk[3]}-${(uk[2] ?? '').padStart(2, '0')}-${(uk[1] ?? '').padStart(2, '0')}` : text;
    }
    case 'select': {
      const lower = text.toLowerCase();
      const option = (column.options ?? []).find(
        (o) => String(o.value).toLowerCase() === lower || o.label.toLowerCase() === lower,
      );
      return option ? option.value : text;
    }
    case 'checkbox':
      return text
        .split(';')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => {
          const option = (column.options ?? []).find(
            (o) =>
              String(o.value).toLowerCase() === part.toLowerCase() ||
              o.label.toLowerCase() === part.toLowerCase(),
          );
          return option ? option.value : part;
        });
    case 'text':
      return text;
  }
}

/**
 * The rows of `text` (a CSV file's contents) for a table question, or every problem by line.
 * Line 1 is the header; a line that is empty is skipped.
 */
export function importTableCsv(question: Question, text: string, asOf: string = todayIso()): CsvImportResult {
  if (new Blob([text]).size > importMaxBytes(question)) return problems([tooLargeMessage(question)]);
  const columns = question.columns ?? [];
  const byId = new Map(columns.map((c) => [c.id.toLowerCase(), c] as const));
  const maxRows = tableMaxRows(question);
  const maxCell = Math.max(DEFAULT_CELL_MAX_LENGTH, ...columns.map((c) => c.maxLength ?? 0));
  // the whole file (its size is bounded above): a preview could cut rows off after blank lines
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const lines = parsed.data;
  const header = (lines[0] ?? []).map((h) => h.trim().toLowerCase());
  if (header.length === 0 || header.every((h) => h === ''))
    return problems([`Line 1 must name the columns: ${columns.map((c) => c.id).join(',')}`]);
  const found: string[] = [];
  const unknown = header.filter((h) => h !== '' && !byId.has(h));
  if (unknown.length > 0)
    found.push(
      `Line 1: ${unknown.map((u) => `"${u.slice(0, 40)}"`).join(', ')} ${unknown.length === 1 ? 'is not a column' : 'are not columns'}: use ${columns.map((c) => c.id).join(',')}`,
    );
  const needed = columns.filter(
    (c) => c.optional !== true && c.requiredWhen === undefined && !header.includes(c.id.toLowerCase()),
  );
  if (needed.length > 0) found.push(`Line 1 has no ${needed.map((c) => c.id).join(', ')} column`);
  if (found.length > 0) return problems(found);

  const rows: Record<string, unknown>[] = [];
  const lineOfRow: number[] = [];
  for (let i = 1; i < lines.length; i += 1) {
    const cells = lines[i] ?? [];
    if (cells.every((c) => c.trim() === '')) continue;
    const line = i + 1;
    if (rows.length === maxRows) {
      return problems([`The file has more than ${formatNumber(maxRows)} rows: split it or remove old lines`]);
    }
    if (cells.length > header.length) {
      found.push(`Line ${formatNumber(line)} has ${cells.length} values for ${header.length} columns`);
      continue;
    }
    const row: Record<string, unknown> = {};
    cells.forEach((raw, j) => {
      const id = header[j];
      const column = id === undefined ? undefined : byId.get(id);
      const cell = raw.trim();
      if (!column || cell === '') return;
      row[column.id] = cell.length > maxCell ? cell.slice(0, maxCell + 1) : cellValue(column, cell);
    });
    rows.push(row);
    lineOfRow.push(line);
  }
  for (const error of parsed.errors) {
    if (error.row !== undefined && error.code !== 'UndetectableDelimiter')
      found.push(`Line ${formatNumber(error.row + 1)}: ${error.message}`);
  }
  if (found.length > 0) return problems(found);
  if (rows.length === 0) return problems(['The file has no rows under its header line']);

  const checked = validateTableAnswer(question, rows, { asOf, limit: rows.length * (columns.length + 1) });
  if (checked.length > 0) {
    const labels = new Map(columns.map((c) => [c.id, c.label] as const));
    const listed = checked.map((p) => {
      const line = p.row === undefined ? undefined : lineOfRow[p.row - 1];
      const where = line === undefined ? '' : `Line ${formatNumber(line)}`;
      const column = p.column === undefined ? undefined : labels.get(p.column);
      if (!where) return p.detail;
      return column === undefined ? `${where}: ${p.detail}` : `${where}, ${column}: ${p.detail}`;
    });
    return problems(listed);
  }
  return { kind: 'rows', rows };
}
