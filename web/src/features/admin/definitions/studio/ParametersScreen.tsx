// Dated tax parameters: a table per parameter the draft reads (value, from, to, source), gaps and
// overlaps refused, and a timeline of the periods.
import { checkParameterSet, formatDate, showParameterValue, type ParameterSet } from '@reclaim/engine';
import { buttonDanger, buttonSecondary, tableClass, tableWrapClass } from '../../../../components/ui';
import { Section, SelectInput, TextInput } from './controls';
import type { Draft } from './model';
import BandsEditor from './BandsEditor';
import ParameterChanges from './ParameterChanges';
import ParameterRelease from './ParameterRelease';
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
  if (refs.length === 0)
    return <Section title="Dated parameters">This definition reads no dated tax parameters.</Section>;
  const editValues = (setId: string, key: string, recipe: (values: ParameterValue[]) => ParameterValue[]) =>
    onParameterSets(
      parameterSets.map((s) =>
        s.id !== setId
          ? s
          : {
              ...s,
              parameters: {
                ...s.parameters,
                [key]: { ...s.parameters[key]!, values: recipe([...s.parameters[key]!.values]) },
              },
            },
      ),
    );
  const setsRead = parameterSets.filter((s) => refs.some((ref) => ref.set === s.id));
  return (
    <div className="space-y-4">
      {setsRead.map((set) => (
        <Section
          key={`release-${set.id}`}
          title={`Save and release: ${set.title}`}
          description="A new rate is a new row from its own date. Saved parameters go live once another adviser approves and they are published; a definition draft is saved separately."
        >
          <ParameterChanges set={set} />
          <ParameterRelease
            set={set}
            hasProblems={checkParameterSet(set).some((c) => c.severity === 'error')}
            base={parameterBases[set.id]}
            onBase={(checksum) => onParameterBase(set.id, checksum)}
            onOpened={(opened) =>
              onParameterSets(parameterSets.map((s) => (s.id === opened.id ? opened : s)))
            }
          />
        </Section>
      ))}
      {refs.map((ref) => {
        const set = parameterSets.find((s) => s.id === ref.set);
        const param = set?.parameters[ref.key];
        if (!set || !param)
          return (
            <Section key={ref.name} title={ref.name}>
              <p role="alert" className="text-sm text-red-800">
                {ref.set}/{ref.key} is not a loaded parameter.
              </p>
            </Section>
          );
        const problems = parameterProblems(param.unit, param.values);
        const sources = Object.entries(set.sources).map(([value, s]) => ({ value, label: s.title }));
        const label = param.description;
        return (
          <Section
            key={ref.name}
            title={label}
            description={`${set.title} · ${ref.key} · ${param.unit} · looked up by ${ref.by === 'taxYear' ? 'tax year' : 'date'} of ${ref.dateFact}`}
          >
            <div className={tableWrapClass}>
              <table className={tableClass} aria-label={`Values of ${label}`}>
                <thead>
                  <tr>
                    <th scope="col">Value</th>
                    <th scope="col">From</th>
                    <th scope="col">To (empty: in force)</th>
                    <th scope="col">Source</th>
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
                    return (
                      <tr key={i}>
                        <td>
                          {param.unit === 'bands' ? (
                            <BandsEditor
                              key={`${set.id}/${ref.key}/${i}/${param.values.length}`}
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
                          <TextInput
                            hideLabel
                            label={`${label} row ${i + 1} from`}
                            value={v.from}
                            onChange={(s) => set1({ from: s })}
                          />
                        </td>
                        <td>
                          <TextInput
                            hideLabel
                            label={`${label} row ${i + 1} to`}
                            value={v.to ?? ''}
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
            <button
              type="button"
              className={buttonSecondary}
              onClick={() =>
                editValues(set.id, ref.key, (vals) => [
                  ...vals,
                  {
                    value: param.unit === 'text' ? '' : 0,
                    from: '',
                    to: null,
                    source: sources[0]?.value ?? '',
                  },
                ])
              }
            >
              Add period
            </button>
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
            <Timeline label={label} unit={param.unit} values={param.values} />
          </Section>
        );
      })}
    </div>
  );
}
