// Dated tax parameters: one parameter at a time (a list of the parameters the draft reads, then
// that parameter's periods: value, from, to, source), gaps and overlaps refused in words, dates
// read as "1 April 2027", and a timeline of the periods. "Add period" asks for the day the new
// value starts, copies the value in force and ends the open period the day before (undoable).
import { checkParameterSet, formatDate, showParameterValue, type ParameterSet } from '@reclaim/engine';
import { useState } from 'react';
import {
  buttonDanger,
  buttonPrimary,
  buttonSecondary,
  tableClass,
  tableWrapClass,
} from '../../../../components/ui';
import { Section, SelectInput, TextInput } from './controls';
import type { Draft } from './model';
import BandsEditor from './BandsEditor';
import ParameterChanges from './ParameterChanges';
import ParameterRelease from './ParameterRelease';
import ParameterTests from './ParameterTests';
import ImpactRunPanel from './ImpactRunPanel';
import { useGetParameterSetQuery } from '../definitionsApi';
import { parameterProblems, type ParameterValue } from './parameter-checks';

const time = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

/** A value as its text box holds it (band tables have their own editor). */
function editableValue(value: ParameterValue['value']): string {
  return Array.isArray(value) ? showParameterValue('bands', value) : String(value);
}

type Unit = Parameters<typeof showParameterValue>[0];

/** "5% from 6 April 2025 to 5 April 2026": a period as the adviser reads it (the draft's own figures). */
function periodText(unit: Unit, v: ParameterValue): string {
  const from = `from ${formatDate(v.from)}`;
  return `${showParameterValue(unit, v.value)} ${from}${v.to ? ` to ${formatDate(v.to)}` : ''}`;
}

function Timeline({ label, unit, values }: { label: string; unit: Unit; values: ParameterValue[] }) {
  const valid = values.filter((v) => !Number.isNaN(time(v.from)));
  if (valid.length === 0) return null;
  const start = Math.min(...valid.map((v) => time(v.from)));
  const today = Date.now();
  const end = Math.max(today, ...valid.map((v) => (v.to ? time(v.to) : today))) + 365 * 86_400_000;
  const pct = (t: number) => ((t - start) / (end - start)) * 100;
  return (
    <div aria-label={`Timeline of ${label}`} role="img" className="relative mt-2 h-8 rounded bg-ink-100">
      {valid.map((v, i) => {
        const left = pct(time(v.from));
        const right = pct(v.to ? time(v.to) : end);
        return (
          <div
            key={i}
            className={`absolute top-1 bottom-1 overflow-hidden rounded px-1 text-xs leading-6 text-white ${i % 2 ? 'bg-brand-600' : 'bg-brand-800'}`}
            style={{ left: `${left}%`, width: `${Math.max(right - left, 0.5)}%` }}
            title={periodText(unit, v)}
          >
            {showParameterValue(unit, v.value)}
          </div>
        );
      })}
    </div>
  );
}

/** The day before an ISO date, as an ISO date. */
export function dayBefore(iso: string): string {
  return new Date(time(iso) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * A new period from `from`: a copy of the latest period's value and source; every period still in
 * force on that day (open-ended or ending later) now ends the day before. Returns the new list and
 * which rows were closed (for the message and the undo).
 */
export function addPeriod(
  values: ParameterValue[],
  from: string,
  fallback: Omit<ParameterValue, 'from' | 'to'>,
): { values: ParameterValue[]; closed: number[] } {
  const latest = [...values].sort((a, b) => time(a.from) - time(b.from)).at(-1);
  const closed: number[] = [];
  const next = values.map((v, i) => {
    if (time(v.from) < time(from) && (v.to === null || time(v.to) >= time(from))) {
      closed.push(i);
      return { ...v, to: dayBefore(from) };
    }
    return v;
  });
  const copy = latest
    ? { value: structuredClone(latest.value), source: latest.source }
    : { value: fallback.value, source: fallback.source };
  return { values: [...next, { ...copy, from, to: null }], closed };
}

interface Undo {
  key: string;
  message: string;
  values: ParameterValue[];
}

/**
 * Issue 29 item 3: the impact of the set's saved parameter draft (a rate change) on every stored
 * assessment of this definition, as an A/B table against the published parameters.
 */
function ParameterImpact({ definitionId, setId }: { definitionId: string; setId: string }) {
  const stored = useGetParameterSetQuery(setId);
  if (!stored.data?.draft)
    return <p className="text-sm text-ink-600">Save the parameter draft to check its impact.</p>;
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold">Impact of the saved parameter draft</h3>
      <p className="text-sm text-ink-600">
        Replays every completed assessment with the published parameters (A) and with the saved draft (B), in
        the background.
      </p>
      <ImpactRunPanel
        key={`${definitionId}/${setId}@${stored.data.draft.checksum}`}
        id={definitionId}
        draftVersion={null}
        parameterSetId={setId}
      />
    </div>
  );
}

export default function ParametersScreen({
  draft,
  parameterSets,
  onParameterSets,
  parameterBases,
  onParameterBase,
}: {
  draft: Draft;
  parameterSets: ParameterSet[];
  onParameterSets: (sets: ParameterSet[]) => void;
  /** By set id: the checksum of the stored set or parameter draft the edits started from. */
  parameterBases: Record<string, string>;
  onParameterBase: (setId: string, checksum: string) => void;
}) {
  const refs = draft.parameters ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const [newFrom, setNewFrom] = useState('');
  const [addProblem, setAddProblem] = useState<string | null>(null);
  const [undo, setUndo] = useState<Undo | null>(null);
  const [editing, setEditing] = useState<Record<string, boolean>>({});
  if (refs.length === 0)
    return <Section title="Dated parameters">This definition reads no dated tax parameters.</Section>;
  const replaceValues = (setId: string, key: string, values: ParameterValue[]) =>
    onParameterSets(
      parameterSets.map((s) =>
        s.id !== setId
          ? s
          : { ...s, parameters: { ...s.parameters, [key]: { ...s.parameters[key]!, values } } },
      ),
    );
  const editValues = (setId: string, key: string, recipe: (values: ParameterValue[]) => ParameterValue[]) =>
    replaceValues(
      setId,
      key,
      recipe([...(parameterSets.find((s) => s.id === setId)?.parameters[key]?.values ?? [])]),
    );
  const setsRead = parameterSets.filter((s) => refs.some((ref) => ref.set === s.id));
  const ref = refs.find((r) => r.name === chosen) ?? refs[0]!;
  const labelOf = (r: (typeof refs)[number]) =>
    parameterSets.find((s) => s.id === r.set)?.parameters[r.key]?.description ?? r.name;
  const set = parameterSets.find((s) => s.id === ref.set);
  const param = set?.parameters[ref.key];
  const label = param?.description ?? ref.name;
  const problems = param ? parameterProblems(param.unit, param.values) : [];
  const sources = set ? Object.entries(set.sources).map(([value, s]) => ({ value, label: s.title })) : [];
  const undoKey = `${ref.set}/${ref.key}`;

  const add = () => {
    if (!set || !param) return;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(newFrom) || Number.isNaN(time(newFrom))) {
      setAddProblem('Choose the day the new value starts.');
      return;
    }
    if (param.values.some((v) => v.from === newFrom)) {
      setAddProblem(`A period already starts on ${formatDate(newFrom)}.`);
      return;
    }
    setAddProblem(null);
    const before = param.values;
    const result = addPeriod(before, newFrom, {
      value: param.unit === 'text' ? '' : param.unit === 'bands' ? [{ upTo: null, rate: 0 }] : 0,
      source: sources[0]?.value ?? '',
    });
    replaceValues(set.id, ref.key, result.values);
    const newRow = result.values.length;
    setEditing((e) => ({ ...e, [`${undoKey}/${newRow - 1}`]: true }));
    const closed = result.closed
      .map(
        (i) =>
          `row ${i + 1} (from ${formatDate(before[i]!.from)}) now ends on ${formatDate(dayBefore(newFrom))}`,
      )
      .join('; ');
    setUndo({
      key: undoKey,
      values: before,
      message: `Row ${newRow} added from ${formatDate(newFrom)}, a copy of the latest value to change${
        closed ? `; ${closed}` : ''
      }.`,
    });
    setNewFrom('');
  };

  return (
    <div className="space-y-4">
      {setsRead.map((s) => (
        <Section
          key={`release-${s.id}`}
          title={`Save and release: ${s.title}`}
          description="A new rate is a new row from its own date. Saved parameters go live once another adviser approves and they are published; a definition draft is saved separately."
        >
          <ParameterChanges set={s} />
          <ParameterTests
            set={s}
            draft={draft}
            onChange={(changed) =>
              onParameterSets(parameterSets.map((x) => (x.id === changed.id ? changed : x)))
            }
          />
          <ParameterRelease
            set={s}
            hasProblems={checkParameterSet(s).some((c) => c.severity === 'error')}
            base={parameterBases[s.id]}
            onBase={(checksum) => onParameterBase(s.id, checksum)}
            onOpened={(opened) =>
              onParameterSets(parameterSets.map((x) => (x.id === opened.id ? opened : x)))
            }
          />
          <ParameterImpact definitionId={draft.id} setId={s.id} />
        </Section>
      ))}
      <div className="grid gap-4 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-label="Parameters">
          <ul className="space-y-1 text-sm">
            {refs.map((r) => {
              const current = r.name === ref.name;
              return (
                <li key={r.name}>
                  <button
                    type="button"
                    aria-current={current ? 'page' : undefined}
                    className={`w-full rounded px-2 py-1 text-left ${current ? 'bg-brand-50 font-semibold text-brand-800' : 'text-ink-700 hover:bg-ink-50'}`}
                    onClick={() => {
                      setChosen(r.name);
                      setAddProblem(null);
                      setNewFrom('');
                    }}
                  >
                    {labelOf(r)}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
        {!set || !param ? (
          <Section title={ref.name}>
            <p role="alert" className="text-sm text-red-800">
              {ref.set}/{ref.key} is not a loaded parameter.
            </p>
          </Section>
        ) : (
          <Section
            title={label}
            description={`${set.title} · ${param.unit === 'bands' ? 'a band table' : param.unit} · looked up by ${ref.by === 'taxYear' ? 'tax year' : 'date'}`}
          >
            <Timeline label={label} unit={param.unit} values={param.values} />
            <div className={tableWrapClass}>
              <table className={tableClass} aria-label={`Values of ${label}`}>
                <thead>
                  <tr>
                    <th scope="col">Value</th>
                    <th scope="col">From</th>
                    <th scope="col">To (empty: in force)</th>
                    <th scope="col">Source and legal reference</th>
                    <th scope="col">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {param.values.map((v, i) => {
                    const set1 = (patch: Partial<ParameterValue>) =>
                      editValues(set.id, ref.key, (vals) =>
                        vals.map((x, j) => (j === i ? { ...x, ...patch } : x)),
                      );
                    const url = set.sources[v.source]?.url;
                    const rowKey = `${undoKey}/${i}`;
                    const open = editing[rowKey] === true || v.to === null;
                    return (
                      <tr key={i} className="align-top">
                        <td>
                          {param.unit === 'bands' && !open ? (
                            <div className="space-y-1">
                              <p className="text-sm">{showParameterValue('bands', v.value)}</p>
                              <button
                                type="button"
                                className={buttonSecondary}
                                aria-label={`Edit bands: ${label} row ${i + 1}`}
                                onClick={() => setEditing((e) => ({ ...e, [rowKey]: true }))}
                              >
                                Edit bands
                              </button>
                            </div>
                          ) : param.unit === 'bands' ? (
                            <BandsEditor
                              label={`${label} row ${i + 1}`}
                              bands={Array.isArray(v.value) ? v.value : []}
                              onChange={(bands) => set1({ value: bands })}
                            />
                          ) : (
                            <TextInput
                              hideLabel
                              label={`${label} row ${i + 1} value`}
                              value={editableValue(v.value)}
                              onChange={(s) =>
                                set1({
                                  value:
                                    param.unit === 'text' || s.trim() === '' || !Number.isFinite(Number(s))
                                      ? s
                                      : Number(s),
                                })
                              }
                            />
                          )}
                        </td>
                        <td>
                          <DateCell
                            label={`${label} row ${i + 1} from`}
                            value={v.from}
                            onChange={(s) => set1({ from: s })}
                          />
                        </td>
                        <td>
                          <DateCell
                            label={`${label} row ${i + 1} to`}
                            value={v.to ?? ''}
                            empty="In force, no end date"
                            onChange={(s) => set1({ to: s === '' ? null : s })}
                          />
                        </td>
                        <td>
                          <SelectInput
                            hideLabel
                            label={`${label} row ${i + 1} source`}
                            value={v.source}
                            options={sources}
                            onChange={(s) => set1({ source: s })}
                          />
                          {url ? (
                            <a href={url} className="text-xs underline" target="_blank" rel="noreferrer">
                              Open source
                            </a>
                          ) : null}
                          <TextInput
                            hideLabel
                            label={`${label} row ${i + 1} legal reference`}
                            value={v.note ?? ''}
                            inputClassName="mt-1 min-w-44"
                            hint="Note with the legal reference: Act and section, or HMRC manual page"
                            onChange={(s) => set1({ note: s === '' ? undefined : s })}
                          />
                        </td>
                        <td>
                          <button
                            type="button"
                            className={buttonDanger}
                            aria-label={`Remove ${label} row ${i + 1}`}
                            onClick={() =>
                              editValues(set.id, ref.key, (vals) => vals.filter((_x, j) => j !== i))
                            }
                          >
                            Remove
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <form
              className="flex flex-wrap items-end gap-2"
              aria-label={`Add a period to ${label}`}
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                add();
              }}
            >
              <TextInput
                type="date"
                label="New period starts on"
                value={newFrom}
                inputClassName="min-w-44"
                hint={newFrom ? formatDate(newFrom) : 'The period in force then ends the day before.'}
                onChange={setNewFrom}
              />
              <button type="submit" className={buttonSecondary}>
                Add period
              </button>
            </form>
            {addProblem ? (
              <p role="alert" className="text-sm text-red-800">
                {addProblem}
              </p>
            ) : null}
            {undo && undo.key === undoKey ? (
              <div
                role="status"
                className="flex flex-wrap items-center gap-2 text-sm"
                data-testid="period-added"
              >
                <span>{undo.message}</span>
                <button
                  type="button"
                  className={buttonPrimary}
                  onClick={() => {
                    replaceValues(set.id, ref.key, undo.values);
                    setUndo(null);
                  }}
                >
                  Undo
                </button>
              </div>
            ) : null}
            {problems.length > 0 ? (
              <ul
                role="alert"
                className="list-disc pl-5 text-sm text-red-800"
                aria-label={`Problems of ${label}`}
              >
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ) : null}
          </Section>
        )}
      </div>
    </div>
  );
}

/** A date box wide enough to read, with the date in words under it ("1 April 2027"). */
function DateCell({
  label,
  value,
  onChange,
  empty,
}: {
  label: string;
  value: string;
  onChange: (s: string) => void;
  empty?: string;
}) {
  return (
    <TextInput
      hideLabel
      type="date"
      label={label}
      value={value}
      inputClassName="min-w-44"
      hint={value ? formatDate(value) : (empty ?? 'No date')}
      onChange={onChange}
    />
  );
}
