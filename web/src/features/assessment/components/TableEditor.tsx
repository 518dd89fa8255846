// A table question's rows, edited in place: every cell a labelled field ("Row 3, Quantity"), the
// rows in pages of 20 (a broker's 2,000 trades stay quick), one card per row whose fields wrap
// (2 across on a phone, 4 on wider screens) so nothing scrolls sideways. A definition may let the rows come from a CSV file (TableImport). Knows no
// service: the columns, texts and limits are the definition's.
import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  formatNumber,
  tableMaxRows,
  todayIso,
  validateTableAnswer,
  type Question,
  type TableColumn,
  type TableProblem,
} from '@reclaim/engine';
import { TableImport } from './TableImport';

export const ROWS_PER_PAGE = 20;

type Row = Record<string, unknown>;

export interface TableEditorProps {
  question: Question;
  rows: readonly Row[];
  onChange: (rows: Row[]) => void;
  readOnly?: boolean;
  /** Show every cell's problem (after a Next that the table stopped). */
  showErrors?: boolean;
  labelledBy?: string;
}

/** What a number cell stores: a number when the text is one as written, else the text itself. */
function numberCell(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) && String(n) === trimmed ? n : text;
}

function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

interface CellProps {
  column: TableColumn;
  row: number;
  value: unknown;
  id: string;
  error?: string;
  readOnly: boolean;
  onChange: (value: unknown) => void;
}

function Cell({ column, row, value, id, error, readOnly, onChange }: CellProps) {
  const errorId = `${id}-error`;
  const common = {
    id,
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-describedby': error ? errorId : undefined,
    disabled: readOnly,
  };
  let control: ReactNode;
  switch (column.type) {
    case 'select':
      control = (
        <select
          {...common}
          className="input"
          value={textOf(value)}
          onChange={(e) => {
            const option = (column.options ?? []).find((o) => String(o.value) === e.target.value);
            onChange(option ? option.value : undefined);
          }}
        >
          <option value="">{column.placeholder ?? 'Choose'}</option>
          {(column.options ?? []).map((o) => (
            <option key={String(o.value)} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </select>
      );
      break;
    case 'checkbox': {
      const chosen = Array.isArray(value) ? (value as unknown[]) : [];
      control = (
        <div role="group" aria-labelledby={`${id}-label`} className="flex flex-col gap-1">
          {(column.options ?? []).map((o) => (
            <label key={String(o.value)} className="inline-flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                disabled={readOnly}
                checked={chosen.includes(o.value)}
                onChange={(e) =>
                  onChange(e.target.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value))
                }
              />
              {o.label}
            </label>
          ))}
        </div>
      );
      break;
    }
    case 'date':
      control = (
        <input
          {...common}
          type="date"
          className="input"
          value={textOf(value)}
          max={column.notAfter === 'asOf' ? todayIso() : undefined}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        />
      );
      break;
    case 'number':
    case 'currency':
      control = (
        <input
          {...common}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          className="input"
          value={textOf(value)}
          placeholder={column.placeholder}
          onChange={(e) => onChange(numberCell(e.target.value))}
        />
      );
      break;
    case 'text':
      control = (
        <input
          {...common}
          type="text"
          autoComplete="off"
          className="input"
          value={textOf(value)}
          placeholder={column.placeholder}
          maxLength={(column.maxLength ?? 200) + 1}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        />
      );
      break;
  }
  return (
    <div className="field min-w-0" data-column={column.id}>
      {/* The cell's name: "Row 3, Quantity" (the row's number is read out, the column's shown). */}
      <label id={`${id}-label`} htmlFor={column.type === 'checkbox' ? undefined : id} className="label">
        <span className="sr-only">Row {formatNumber(row)}, </span>
        {column.label}
      </label>
      {control}
      {error ? (
        <p id={errorId} className="field-error mt-1">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TableEditor({
  question,
  rows,
  onChange,
  readOnly = false,
  showErrors = false,
  labelledBy,
}: TableEditorProps) {
  const baseId = useId();
  const columns = question.columns ?? [];
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / ROWS_PER_PAGE));
  const current = Math.min(page, pages - 1);
  const first = current * ROWS_PER_PAGE;
  const shown = rows.slice(first, first + ROWS_PER_PAGE);
  const max = tableMaxRows(question);

  const problems = useMemo<TableProblem[]>(
    () => (showErrors ? validateTableAnswer(question, rows, { asOf: todayIso(), limit: 500 }) : []),
    [showErrors, question, rows],
  );
  const byCell = useMemo(() => {
    const map = new Map<string, string>();
    for (const p of problems) if (p.row !== undefined) map.set(`${p.row}:${p.column ?? ''}`, p.detail);
    return map;
  }, [problems]);
  const cellId = (row: number, column: string) => `${baseId}-r${row}-${column}`;

  function setCell(index: number, column: string, value: unknown) {
    const next = rows.map((r) => ({ ...r }));
    const row = next[index] ?? {};
    if (value === undefined) delete row[column];
    else row[column] = value;
    next[index] = row;
    onChange(next);
  }
  function addRow() {
    const next = [...rows.map((r) => ({ ...r })), {}];
    onChange(next);
    setPage(Math.floor((next.length - 1) / ROWS_PER_PAGE));
    const firstColumn = columns[0];
    if (firstColumn) {
      const id = cellId(next.length, firstColumn.id);
      // the new row renders after this change: focus its first field then
      requestAnimationFrame(() => document.getElementById(id)?.focus());
    }
  }
  function removeRow(index: number) {
    onChange(rows.filter((_, i) => i !== index).map((r) => ({ ...r })));
  }
  function goTo(problem: TableProblem) {
    if (problem.row === undefined) return;
    setPage(Math.floor((problem.row - 1) / ROWS_PER_PAGE));
    const id = cellId(problem.row, problem.column ?? columns[0]?.id ?? '');
    requestAnimationFrame(() => document.getElementById(id)?.focus());
  }

  return (
    <div className="reclaim-table" data-testid="table-question">
      {question.import && !readOnly ? (
        <TableImport
          question={question}
          hasRows={rows.length > 0}
          onRows={(imported) => {
            onChange(imported);
            setPage(0);
          }}
        />
      ) : null}

      {problems.length > 0 ? (
        <div className="alert-error mt-4" data-testid="table-problems">
          <p className="font-semibold">
            {problems.length === 1
              ? '1 row needs correcting'
              : `Rows need correcting (${formatNumber(problems.length)} problems)`}
          </p>
          <ul className="mt-2 list-disc pl-5">
            {problems.slice(0, 10).map((p, i) => (
              <li key={i}>
                {p.row !== undefined ? (
                  <button type="button" className="text-left underline" onClick={() => goTo(p)}>
                    {p.message}
                  </button>
                ) : (
                  p.message
                )}
              </li>
            ))}
          </ul>
          {problems.length > 10 ? (
            <p className="mt-1">and {formatNumber(problems.length - 10)} more</p>
          ) : null}
        </div>
      ) : null}

      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-ink-600" data-testid="table-empty">
          No rows yet.
        </p>
      ) : (
        // one card per row, its fields in a grid (2 across on a phone, 4 on wider screens): every
        // field keeps its visible label and nothing scrolls sideways
        <ol className="mt-4 space-y-3" aria-labelledby={labelledBy}>
          {shown.map((row, i) => {
            const index = first + i;
            const n = index + 1;
            return (
              <li key={index} data-row={n}>
                <fieldset className="rounded-lg border border-ink-200 p-3">
                  <legend className="px-1 text-sm font-semibold text-ink-700">Row {formatNumber(n)}</legend>
                  <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
                    {columns.map((c) => (
                      <Cell
                        key={c.id}
                        column={c}
                        row={n}
                        value={row[c.id]}
                        id={cellId(n, c.id)}
                        error={byCell.get(`${n}:${c.id}`) ?? byCell.get(`${n}:`)}
                        readOnly={readOnly}
                        onChange={(v) => setCell(index, c.id, v)}
                      />
                    ))}
                  </div>
                  {readOnly ? null : (
                    <div className="mt-2 text-right">
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        aria-label={`${question.removeRowText ?? 'Remove'} row ${formatNumber(n)}`}
                        onClick={() => removeRow(index)}
                      >
                        {question.removeRowText ?? 'Remove'}
                      </button>
                    </div>
                  )}
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}

      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        {readOnly ? (
          <span />
        ) : (
          <button type="button" className="btn btn-secondary" onClick={addRow} disabled={rows.length >= max}>
            {question.addRowText ?? 'Add a row'}
          </button>
        )}
        {pages > 1 ? (
          <nav aria-label="Pages of rows" className="flex items-center gap-2 text-sm">
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={current === 0}
              onClick={() => setPage(current - 1)}
            >
              Previous rows
            </button>
            <span data-testid="table-page">
              Rows {formatNumber(first + 1)}–{formatNumber(first + shown.length)} of{' '}
              {formatNumber(rows.length)}
            </span>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={current >= pages - 1}
              onClick={() => setPage(current + 1)}
            >
              Next rows
            </button>
          </nav>
        ) : rows.length > 0 ? (
          <span className="text-sm text-ink-600" data-testid="table-count">
            {rows.length === 1 ? '1 row' : `${formatNumber(rows.length)} rows`}
          </span>
        ) : null}
      </div>
    </div>
  );
}
