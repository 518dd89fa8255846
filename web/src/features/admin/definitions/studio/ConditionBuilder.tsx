// The visual condition builder: react-querybuilder over the definition's condition grammar, with
// the condition read back as a plain-English sentence. The query lives here (react-querybuilder
// gives its rules ids); the draft receives the mapped json-rules-engine condition.
import { useId, useMemo, useRef, useState } from 'react';
import { QueryBuilder, type Field, type RuleGroupType, type ValueSelectorProps } from 'react-querybuilder';
import 'react-querybuilder/dist/query-builder.css';
import type { Condition } from '@reclaim/engine';
import {
  OPERATORS,
  conditionSentence,
  fromQuery,
  fromQueryLoose,
  toQuery,
  type FactField,
} from './conditions';

type GroupCondition = ReturnType<typeof fromQuery>;

const LIST_OPERATORS = new Set(['in', 'notIn', 'containsAny']);

interface CommonProps {
  legend: string;
  fields: FactField[];
  /** Open at first (otherwise the sentence shows, and "Edit condition" opens the builder). */
  defaultOpen?: boolean;
}

type Props =
  | (CommonProps & {
      /** Question conditions: empty = none, a lone fact stays bare. */
      loose: true;
      condition: Condition | undefined;
      onChange: (condition: Condition | undefined) => void;
    })
  | (CommonProps & {
      loose?: false;
      condition: GroupCondition;
      onChange: (condition: GroupCondition) => void;
    });

function builderFields(fields: FactField[], condition: Condition | undefined): Field[] {
  const known = new Set(fields.map((f) => f.name));
  const read = new Set<string>();
  const walk = (c: Condition | undefined) => {
    if (!c) return;
    if ('fact' in c) {
      read.add(c.fact);
      if (c.value && typeof c.value === 'object' && !Array.isArray(c.value)) read.add(c.value.fact);
    } else if ('all' in c) c.all.forEach(walk);
    else if ('any' in c) c.any.forEach(walk);
    else walk(c.not);
  };
  walk(condition);
  const all: FactField[] = [
    ...fields,
    ...[...read].filter((n) => !known.has(n)).map((n) => ({ name: n, label: n })),
  ];
  return all.map((f) => ({
    name: f.name,
    label: f.label,
    valueSources: f.kind === 'date' || f.kind === 'number' ? ['value', 'field'] : ['value'],
    ...(f.options
      ? {
          valueEditorType: (operator: string) => (LIST_OPERATORS.has(operator) ? 'multiselect' : 'select'),
          values: f.options.map((o) => ({ name: String(o.value), label: o.label })),
        }
      : {}),
    ...(f.kind === 'number' ? { inputType: 'number' } : f.kind === 'date' ? { inputType: 'date' } : {}),
    ...(f.kind ? { comparator: (other: Field) => (other as { kind?: string }).kind === f.kind } : {}),
    kind: f.kind,
  }));
}

/** react-querybuilder's selects named by their title for assistive technology too (axe: a title alone is not a label). */
function LabelledSelect(props: ValueSelectorProps) {
  const options = props.options as unknown as { name: string; label: string }[];
  return (
    <select
      aria-label={props.title}
      title={props.title}
      className={props.className}
      value={typeof props.value === 'string' ? props.value : ''}
      disabled={props.disabled}
      onChange={(e) => props.handleOnChange(e.target.value)}
    >
      {options.map((o) => (
        <option key={o.name} value={o.name}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

const CONTROL_ELEMENTS = {
  combinatorSelector: LabelledSelect,
  fieldSelector: LabelledSelect,
  operatorSelector: LabelledSelect,
  valueSourceSelector: LabelledSelect,
};

/** The sentence, and the builder once opened (a screen holds many conditions: only opened ones render). */
export function ConditionBuilder(props: Props) {
  const id = useId();
  const [open, setOpen] = useState(props.defaultOpen === true);
  return (
    <fieldset
      className="condition-builder mt-2 rounded-lg border border-ink-200 p-3"
      aria-describedby={`${id}-sentence`}
    >
      <legend className="px-1 text-sm font-medium text-ink-800">{props.legend}</legend>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p id={`${id}-sentence`} className="text-sm text-ink-800" data-testid="condition-sentence">
          <span className="font-medium">Reads: </span>
          {conditionSentence(props.condition, props.fields)}
        </p>
        <button
          type="button"
          className="btn btn-secondary"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Close the condition' : 'Edit condition'}
        </button>
      </div>
      {open ? <Builder {...props} /> : null}
    </fieldset>
  );
}

function Builder(props: Props) {
  const { fields } = props;
  const emitted = useRef<Condition | undefined>(props.condition);
  const [query, setQuery] = useState<RuleGroupType>(() => toQuery(props.condition));
  // An edit from elsewhere (the JSON view, a reload) replaces the builder's query.
  if (props.condition !== emitted.current) {
    emitted.current = props.condition;
    setQuery(toQuery(props.condition));
  }
  // Fields are rebuilt from the draft on every render: keep them while their content is the same.
  const fieldsKey = JSON.stringify(fields);
  const stableFields = useMemo(() => JSON.parse(fieldsKey) as FactField[], [fieldsKey]);
  const qbFields = useMemo(
    () => builderFields(stableFields, props.condition),
    [stableFields, props.condition],
  );
  const onQueryChange = (next: RuleGroupType) => {
    setQuery(next);
    const same = (c: Condition | undefined) => JSON.stringify(c) === JSON.stringify(emitted.current);
    if (props.loose) {
      const condition = fromQueryLoose(next, stableFields);
      if (same(condition)) return;
      emitted.current = condition;
      props.onChange(condition);
    } else {
      const condition = fromQuery(next, stableFields);
      if (same(condition)) return;
      emitted.current = condition;
      props.onChange(condition);
    }
  };
  return (
    <div className="mt-2">
      <QueryBuilder
        fields={qbFields}
        query={query}
        onQueryChange={onQueryChange}
        operators={OPERATORS}
        listsAsArrays
        enableMountQueryChange={false}
        controlElements={CONTROL_ELEMENTS}
        resetOnFieldChange
        translations={{
          addRule: { label: '+ Condition', title: 'Add a condition' },
          addGroup: { label: '+ Group', title: 'Add a group of conditions' },
          removeRule: { label: 'Remove', title: 'Remove this condition' },
          removeGroup: { label: 'Remove group', title: 'Remove this group' },
          combinators: { title: 'All or any' },
          fields: { title: 'Answer or fact' },
          operators: { title: 'Comparison' },
          value: { title: 'Value' },
          valueSourceSelector: { title: 'Compare with a value or another fact' },
          notToggle: { label: 'Not', title: 'Negate this group' },
        }}
        combinators={[
          { name: 'and', label: 'all of' },
          { name: 'or', label: 'any of' },
        ]}
        showNotToggle
      />
    </div>
  );
}
