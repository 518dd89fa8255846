// Table questions: an answer is an array of row objects keyed by column id. Each cell is checked as
// a question of its column's type would be (validateAnswer), with the row and column named in the
// message, and the whole answer is bounded before any cell is read: rows, columns, text lengths.
import type { Question, TableColumn } from '../types';
import { evaluateCondition } from '../rules/conditions/evaluate-condition';
import { isEmptyAnswer } from '../rules/operators';
import {
  REQUIRED_ANSWER_MESSAGE,
  TABLE_NOT_ROWS_MESSAGE,
  tableCellMessage,
  tableTooFewRowsMessage,
  tableTooManyRowsMessage,
  tableUnknownColumnMessage,
  textTooLongMessage,
} from './messages';

/** Rows a table may hold when its definition says nothing (and the most any definition may say). */
export const DEFAULT_TABLE_MAX_ROWS = 500;
export const TABLE_MAX_ROWS_LIMIT = 2000;
/** Characters of a text cell when its column says nothing. */
export const DEFAULT_CELL_MAX_LENGTH = 200;

export function tableMaxRows(question: Pick<Question, 'maxRows'>): number {
  return Math.min(question.maxRows ?? DEFAULT_TABLE_MAX_ROWS, TABLE_MAX_ROWS_LIMIT);
}

export function tableMinRows(question: Pick<Question, 'minRows' | 'optional'>): number {
  return question.minRows ?? (question.optional === true ? 0 : 1);
}

/** The column as a question, so a cell is checked exactly as an answer of that type. */
export function columnQuestion(column: TableColumn): Question {
  const q: Question = { id: column.id, question: column.label, type: column.type };
  if (column.options !== undefined) q.options = column.options;
  if (column.min !== undefined) q.min = column.min;
  if (column.max !== undefined) q.max = column.max;
  if (column.integer !== undefined) q.integer = column.integer;
  if (column.notAfter !== undefined) q.notAfter = column.notAfter;
  return q;
}

/** Is this cell needed in this row? (`requiredWhen` reads the row's own cells.) */
export function cellRequired(column: TableColumn, row: Readonly<Record<string, unknown>>): boolean {
  if (column.requiredWhen !== undefined) return evaluateCondition(column.requiredWhen, row);
  return column.optional !== true;
}

export interface TableProblem {
  /** Row number from 1 (absent: the table as a whole). */
  row?: number;
  /** The column's id (absent: the row or the table as a whole). */
  column?: string;
  /** "Row 3, Quantity: Enter a number of 0 or more". */
  message: string;
  /** The same without the row and column: "Enter a number of 0 or more" (a CSV import names its line). */
  detail: string;
}

/**
 * Every problem of a table answer, in row order, at most `limit` (default 1: the first decides
 * validateAnswer's message; a CSV import asks for all of them).
 */
export function tableProblems(
  question: Question,
  value: unknown,
  validateCell: (question: Question, value: unknown) => string | null,
  limit = 1,
): TableProblem[] {
  const problems: TableProblem[] = [];
  const whole = (message: string): TableProblem[] => [{ message, detail: message }];
  if (!Array.isArray(value)) return whole(TABLE_NOT_ROWS_MESSAGE);
  const max = tableMaxRows(question);
  if (value.length > max) return whole(tableTooManyRowsMessage(max));
  const min = tableMinRows(question);
  if (value.length < min) return whole(tableTooFewRowsMessage(min));
  const columns = question.columns ?? [];
  const byId = new Map(columns.map((c) => [c.id, c] as const));
  const asQuestions = new Map(columns.map((c) => [c.id, columnQuestion(c)] as const));
  for (let i = 0; i < value.length && problems.length < limit; i += 1) {
    const row: unknown = value[i];
    const n = i + 1;
    if (row === null || typeof row !== 'object' || Array.isArray(row)) {
      problems.push({
        row: n,
        message: tableCellMessage(n, undefined, TABLE_NOT_ROWS_MESSAGE),
        detail: TABLE_NOT_ROWS_MESSAGE,
      });
      continue;
    }
    const cells = row as Record<string, unknown>;
    const unknown = Object.keys(cells).find((key) => !byId.has(key));
    if (unknown !== undefined) {
      const message = tableUnknownColumnMessage(n, unknown.slice(0, 40));
      problems.push({ row: n, message, detail: message.replace(/^Row [\d,]+: /, '') });
      continue;
    }
    for (const column of columns) {
      if (problems.length >= limit) break;
      const cell = Object.prototype.hasOwnProperty.call(cells, column.id) ? cells[column.id] : undefined;
      let message: string | null;
      if (isEmptyAnswer(cell)) {
        message = cellRequired(column, cells) ? REQUIRED_ANSWER_MESSAGE : null;
      } else if (column.type === 'text' && typeof cell === 'string') {
        const most = column.maxLength ?? DEFAULT_CELL_MAX_LENGTH;
        message = cell.length > most ? textTooLongMessage(most) : null;
      } else {
        message = validateCell(asQuestions.get(column.id) as Question, cell);
      }
      if (message !== null)
        problems.push({
          row: n,
          column: column.id,
          message: tableCellMessage(n, column.label, message),
          detail: message,
        });
    }
  }
  return problems;
}
