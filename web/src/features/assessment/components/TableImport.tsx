// A CSV file into a table question's rows: all or nothing. The file is bounded before it is read,
// parsed in the browser (lib/csv-import.ts), and either fills the table (replacing its rows, for the
// user to review) or changes nothing and lists every problem by line.
import { useId, useState } from 'react';
import { formatNumber, type Question } from '@reclaim/engine';
import { importMaxBytes, importTableCsv, tooLargeMessage } from '../lib/csv-import';

/** The file's text (FileReader: what every browser, and jsdom, has). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

type Outcome =
  | { kind: 'idle' }
  | { kind: 'reading' }
  | { kind: 'imported'; rows: number; file: string }
  | { kind: 'refused'; file: string; problems: string[]; more: number };

export function TableImport({
  question,
  hasRows,
  onRows,
}: {
  question: Question;
  hasRows: boolean;
  onRows: (rows: Record<string, unknown>[]) => void;
}) {
  const id = useId();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const spec = question.import;
  if (!spec) return null;

  async function read(file: File) {
    if (file.size > importMaxBytes(question)) {
      setOutcome({ kind: 'refused', file: file.name, problems: [tooLargeMessage(question)], more: 0 });
      return;
    }
    setOutcome({ kind: 'reading' });
    let text: string;
    try {
      text = await readText(file);
    } catch {
      setOutcome({ kind: 'refused', file: file.name, problems: ['The file could not be read'], more: 0 });
      return;
    }
    const result = importTableCsv(question, text);
    if (result.kind === 'rows') {
      onRows(result.rows);
      setOutcome({ kind: 'imported', rows: result.rows.length, file: file.name });
    } else {
      setOutcome({ kind: 'refused', file: file.name, problems: result.problems, more: result.more });
    }
  }

  return (
    <div className="rounded-lg border border-ink-200 bg-ink-50 p-4" data-testid="table-import">
      <p className="text-sm font-semibold text-ink-900">Upload a file instead of typing</p>
      {spec.description ? <p className="mt-1 text-sm break-words text-ink-700">{spec.description}</p> : null}
      <p className="mt-2 text-sm">
        <a href={spec.template} download>
          Download the CSV template
        </a>
      </p>
      <div className="field mt-3">
        <label className="label" htmlFor={`${id}-file`}>
          CSV file
        </label>
        <p id={`${id}-hint`} className="field-hint">
          {hasRows ? 'The rows in the file replace the rows below. ' : ''}Nothing is imported if any line has
          a problem.
        </p>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${id}-hint`}
          className="block w-full text-sm"
          data-testid="table-import-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            // the same file can be chosen again after it is corrected
            e.target.value = '';
            if (file) void read(file);
          }}
        />
      </div>
      <div role="status" aria-live="polite" className="mt-2 text-sm">
        {outcome.kind === 'reading' ? 'Reading the file…' : null}
        {outcome.kind === 'imported' ? (
          <span className="text-green-800" data-testid="table-import-done">
            {outcome.rows === 1 ? '1 row' : `${formatNumber(outcome.rows)} rows`} imported from {outcome.file}
            . Check them below.
          </span>
        ) : null}
      </div>
      {outcome.kind === 'refused' ? (
        <div role="alert" className="alert-error mt-2" data-testid="table-import-problems">
          <p className="font-semibold">
            {outcome.file} was not imported. Correct these lines and upload it again:
          </p>
          <ul className="mt-2 list-disc pl-5">
            {outcome.problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
          {outcome.more > 0 ? <p className="mt-1">and {formatNumber(outcome.more)} more</p> : null}
        </div>
      ) : null}
    </div>
  );
}
