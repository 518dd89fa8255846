// Scoring: eligibility factors (condition → points, maximum) and bands, complexity flags and
// levels, value rates, the ordered approach rules, documents and action plan texts.
import { useState } from 'react';
import type {
  ApproachRule,
  ComplexityScored,
  EligibilityScored,
  FactorRule,
  FlagSpec,
  ServiceApproach,
} from '@reclaim/engine';
import { buttonDanger, buttonSecondary } from '../../../../components/ui';
import { ConditionBuilder } from './ConditionBuilder';
import { CheckInput, NumberInput, Section, SelectInput, TextArea, TextInput, move, slug } from './controls';
import { ruleFields, type Draft, type UpdateDraft } from './model';

const APPROACHES: { value: ServiceApproach; label: string }[] = [
  'No-Win No-Fee',
  'Consultancy Fee',
  'Specialist Referral',
  'Not Recommended',
].map((v) => ({ value: v as ServiceApproach, label: v }));
const LIKELIHOODS = ['Likely', 'Possible', 'Unlikely'].map((v) => ({ value: v as 'Likely', label: v }));
const LEVELS = ['Low', 'Medium', 'High'].map((v) => ({ value: v as 'Low', label: v }));

interface Props {
  draft: Draft;
  update: UpdateDraft;
}

function scored(draft: Draft): EligibilityScored | null {
  return 'factors' in draft.eligibility ? draft.eligibility : null;
}

function Bands({ draft, update }: Props) {
  const e = scored(draft);
  if (!e) return null;
  return (
    <Section
      title="Likelihood bands"
      description="The score is the points given as a percentage of the maximum. Each band applies at or above its threshold, checked in order."
    >
      <div className="grid gap-3 sm:grid-cols-3">
        {e.bands.map((band, i) => (
          <NumberInput
            key={i}
            label={`${band.likelihood} at or above`}
            value={band.min}
            onChange={(v) =>
              update((d) => {
                (d.eligibility as EligibilityScored).bands[i]!.min = v;
              })
            }
          />
        ))}
        <SelectInput
          label="Otherwise"
          value={e.otherwise}
          options={LIKELIHOODS}
          onChange={(v) => update((d) => void ((d.eligibility as EligibilityScored).otherwise = v))}
        />
      </div>
    </Section>
  );
}

function Factors({ draft, update }: Props) {
  const e = scored(draft);
  if (!e) return null;
  const total = e.factors.reduce((sum, f) => sum + f.max, 0);
  const fields = ruleFields(draft, 'eligibility');
  const edit = (recipe: (e: EligibilityScored) => void) =>
    update((d) => recipe(d.eligibility as EligibilityScored));
  return (
    <Section
      title="Eligibility factors"
      description={`Each factor gives the points of its rules that hold, up to its maximum. Maximum score: ${total} points.`}
      actions={
        <button
          type="button"
          className={buttonSecondary}
          onClick={() =>
            edit((el) => {
              const id = slug(
                'new factor',
                el.factors.map((f) => f.id),
                'factor',
              );
              el.factors.push({ id, description: 'New factor', max: 10 });
            })
          }
        >
          Add factor
        </button>
      }
    >
      <div className="space-y-4">
        {e.factors.map((factor, fi) => {
          const rules = e.rules.map((r, ri) => ({ r, ri })).filter(({ r }) => r.factor === factor.id);
          return (
            <div
              key={factor.id}
              className="rounded-lg border border-ink-200 p-3"
              data-testid={`factor-${factor.id}`}
            >
              <div className="grid gap-3 sm:grid-cols-[1fr_8rem_10rem_auto] sm:items-end">
                <TextInput
                  label={`Factor ${fi + 1}`}
                  value={factor.description}
                  onChange={(v) => edit((el) => void (el.factors[fi]!.description = v))}
                />
                <NumberInput
                  label={`Maximum points of ${factor.description}`}
                  value={factor.max}
                  onChange={(v) => edit((el) => void (el.factors[fi]!.max = v))}
                />
                <SelectInput
                  label={`Rules of ${factor.description} combine by`}
                  value={factor.aggregate ?? 'max'}
                  options={[
                    { value: 'max', label: 'highest' },
                    { value: 'sum', label: 'sum' },
                  ]}
                  onChange={(v) => edit((el) => void (el.factors[fi]!.aggregate = v))}
                />
                <button
                  type="button"
                  className={buttonDanger}
                  disabled={rules.length > 0}
                  title={rules.length > 0 ? 'Remove its rules first' : undefined}
                  onClick={() => edit((el) => void el.factors.splice(fi, 1))}
                >
                  Remove factor
                </button>
              </div>
              <ul className="mt-3 space-y-3" aria-label={`Rules of ${factor.description}`}>
                {rules.map(({ r, ri }) => (
                  <li key={r.id} className="rounded-md bg-ink-50 p-3">
                    <FactorRuleForm rule={r} index={ri} fields={fields} edit={edit} />
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className={`${buttonSecondary} mt-2`}
                onClick={() =>
                  edit((el) => {
                    const id = slug(
                      `${factor.id} rule`,
                      el.rules.map((x) => x.id),
                      'rule',
                    );
                    el.rules.push({
                      id,
                      factor: factor.id,
                      points: factor.max,
                      description: factor.description,
                      reason: factor.description,
                      conditions: { all: [] },
                    });
                  })
                }
              >
                Add rule to {factor.description}
              </button>
            </div>
          );
        })}
      </div>
    </Section>
  );
}

function FactorRuleForm({
  rule,
  index,
  fields,
  edit,
}: {
  rule: FactorRule;
  index: number;
  fields: ReturnType<typeof ruleFields>;
  edit: (recipe: (e: EligibilityScored) => void) => void;
}) {
  return (
    <div className="space-y-2">
      <div className="grid gap-3 sm:grid-cols-[1fr_8rem_auto] sm:items-end">
        <TextInput
          label="Rule (adviser description)"
          value={rule.description}
          onChange={(v) => edit((el) => void (el.rules[index]!.description = v))}
        />
        <NumberInput
          label={`Points of ${rule.description}`}
          value={rule.points}
          onChange={(v) => edit((el) => void (el.rules[index]!.points = v))}
        />
        <button
          type="button"
          className={buttonDanger}
          onClick={() => edit((el) => void el.rules.splice(index, 1))}
        >
          Remove rule
        </button>
      </div>
      <TextArea
        label="Reason shown to the client"
        value={rule.reason}
        onChange={(v) => edit((el) => void (el.rules[index]!.reason = v))}
      />
      <ConditionBuilder
        legend={`Gives its points when`}
        fields={fields}
        condition={rule.conditions}
        onChange={(c) => edit((el) => void (el.rules[index]!.conditions = c))}
      />
    </div>
  );
}

function Complexity({ draft, update }: Props) {
  if (!('flags' in draft.complexity)) return null;
  const c = draft.complexity as ComplexityScored;
  const fields = ruleFields(draft, 'complexity');
  const edit = (recipe: (c: ComplexityScored) => void) =>
    update((d) => recipe(d.complexity as unknown as ComplexityScored));
  return (
    <Section
      title="Complexity"
      description="Flags raise their weight when their condition holds; the score is the weight raised as a percentage of all weights."
      actions={
        <button
          type="button"
          className={buttonSecondary}
          onClick={() =>
            edit((cx) => {
              const id = slug(
                'new flag',
                cx.flags.map((f) => f.id),
                'flag',
              );
              cx.flags.push({ id, description: 'New flag', weight: 1, conditions: { all: [] } });
            })
          }
        >
          Add flag
        </button>
      }
    >
      <div className="grid gap-3 sm:grid-cols-4">
        {c.levels.map((level, i) => (
          <NumberInput
            key={i}
            label={`${level.level} complexity at or above`}
            value={level.min}
            onChange={(v) => edit((cx) => void (cx.levels[i]!.min = v))}
          />
        ))}
        <SelectInput
          label="Otherwise complexity"
          value={c.otherwise}
          options={LEVELS}
          onChange={(v) => edit((cx) => void (cx.otherwise = v))}
        />
      </div>
      <ul className="space-y-3" aria-label="Complexity flags">
        {c.flags.map((flag: FlagSpec, i) => (
          <li key={flag.id} className="rounded-md bg-ink-50 p-3">
            <div className="grid gap-3 sm:grid-cols-[1fr_8rem_auto] sm:items-end">
              <TextInput
                label={`Flag ${i + 1}`}
                value={flag.description}
                onChange={(v) => edit((cx) => void (cx.flags[i]!.description = v))}
              />
              <NumberInput
                label={`Weight of ${flag.description}`}
                value={flag.weight}
                onChange={(v) => edit((cx) => void (cx.flags[i]!.weight = v))}
              />
              <button
                type="button"
                className={buttonDanger}
                onClick={() => edit((cx) => void cx.flags.splice(i, 1))}
              >
                Remove flag
              </button>
            </div>
            {flag.conditions ? (
              <ConditionBuilder
                legend="Raised when"
                fields={fields}
                condition={flag.conditions}
                onChange={(cond) => edit((cx) => void (cx.flags[i]!.conditions = cond))}
              />
            ) : (
              <p className="mt-2 text-sm text-ink-600">Tiered flag: edit its tiers in the JSON view.</p>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function ValueRates({ draft, update }: Props) {
  const selections = draft.value.selections ?? [];
  if (selections.length === 0) return null;
  const fields = ruleFields(draft, 'value');
  return (
    <Section title="Value rates" description="Rates and factors chosen by rules for the value estimate.">
      {selections.map((s, si) => (
        <div key={s.id} className="space-y-2 rounded-lg border border-ink-200 p-3">
          <div className="grid gap-3 sm:grid-cols-[1fr_10rem_8rem]">
            <TextInput
              label={`Rate ${si + 1}`}
              value={s.description}
              onChange={(v) => update((d) => void (d.value.selections![si]!.description = v))}
            />
            <SelectInput
              label={`${s.description}: rules`}
              value={s.mode}
              options={[
                { value: 'first', label: 'first that holds' },
                { value: 'sum', label: 'add up all that hold' },
              ]}
              onChange={(v) => update((d) => void (d.value.selections![si]!.mode = v))}
            />
            <NumberInput
              label={`${s.description}: otherwise`}
              value={s.default}
              onChange={(v) => update((d) => void (d.value.selections![si]!.default = v))}
            />
          </div>
          <ul className="space-y-2" aria-label={`Rules of ${s.description}`}>
            {s.rules.map((r, ri) => (
              <li key={r.id} className="rounded-md bg-ink-50 p-3">
                <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
                  <TextInput
                    label="When (description)"
                    value={r.description}
                    onChange={(v) =>
                      update((d) => void (d.value.selections![si]!.rules[ri]!.description = v))
                    }
                  />
                  <NumberInput
                    label={`Value of ${r.description}`}
                    value={r.value}
                    onChange={(v) => update((d) => void (d.value.selections![si]!.rules[ri]!.value = v))}
                  />
                </div>
                <ConditionBuilder
                  legend="Applies when"
                  fields={fields}
                  condition={r.conditions}
                  onChange={(c) => update((d) => void (d.value.selections![si]!.rules[ri]!.conditions = c))}
                />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </Section>
  );
}

function Approach({ draft, update }: Props) {
  const fields = ruleFields(draft, 'approach');
  const rules = draft.approach.rules;
  return (
    <Section
      title="Approach rules"
      description="Checked in order: the first rule that holds chooses the approach."
      actions={
        <button
          type="button"
          className={buttonSecondary}
          onClick={() =>
            update((d) => {
              const id = slug(
                'approach rule',
                d.approach.rules.map((r) => r.id),
                'approach',
              );
              d.approach.rules.push({
                id,
                description: 'New approach rule',
                serviceApproach: 'Consultancy Fee',
                approachRationale: '',
                conditions: { all: [] },
              });
            })
          }
        >
          Add approach rule
        </button>
      }
    >
      <ol className="space-y-3" aria-label="Approach rules in order">
        {rules.map((r: ApproachRule, i) => (
          <li key={r.id} className="rounded-md bg-ink-50 p-3">
            <div className="grid gap-3 sm:grid-cols-[1fr_14rem] sm:items-end">
              <TextInput
                label={`Approach rule ${i + 1}`}
                value={r.description}
                onChange={(v) => update((d) => void (d.approach.rules[i]!.description = v))}
              />
              <SelectInput
                label={`Approach of rule ${i + 1}`}
                value={r.serviceApproach}
                options={APPROACHES}
                onChange={(v) => update((d) => void (d.approach.rules[i]!.serviceApproach = v))}
              />
            </div>
            <TextArea
              label={`Why (rule ${i + 1})`}
              value={r.approachRationale}
              onChange={(v) => update((d) => void (d.approach.rules[i]!.approachRationale = v))}
            />
            <ConditionBuilder
              legend="Chosen when"
              fields={fields}
              condition={r.conditions}
              onChange={(c) => update((d) => void (d.approach.rules[i]!.conditions = c))}
            />
            <div className="mt-2 flex flex-wrap gap-2">
              <button
                type="button"
                className={buttonSecondary}
                disabled={i === 0}
                onClick={() => update((d) => move(d.approach.rules, i, -1))}
              >
                Move up
              </button>
              <button
                type="button"
                className={buttonSecondary}
                disabled={i === rules.length - 1}
                onClick={() => update((d) => move(d.approach.rules, i, 1))}
              >
                Move down
              </button>
              <button
                type="button"
                className={buttonDanger}
                onClick={() => update((d) => void d.approach.rules.splice(i, 1))}
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      <div className="grid gap-3 sm:grid-cols-[14rem_1fr]">
        <SelectInput
          label="Otherwise approach"
          value={draft.approach.otherwise.serviceApproach}
          options={APPROACHES}
          onChange={(v) => update((d) => void (d.approach.otherwise.serviceApproach = v))}
        />
        <TextArea
          label="Otherwise: why"
          value={draft.approach.otherwise.approachRationale}
          onChange={(v) => update((d) => void (d.approach.otherwise.approachRationale = v))}
        />
      </div>
    </Section>
  );
}

function Documents({ draft, update }: Props) {
  const docs = draft.recommendation.documentRequirements.base;
  return (
    <Section
      title="Documents"
      description="Documents every client is asked for."
      actions={
        <button
          type="button"
          className={buttonSecondary}
          onClick={() =>
            update((d) => {
              const list = d.recommendation.documentRequirements.base;
              list.push({
                id: slug(
                  'document',
                  list.map((x) => x.id),
                  'document',
                ),
                name: 'New document',
                description: '',
                required: true,
              });
            })
          }
        >
          Add document
        </button>
      }
    >
      <ul className="space-y-3" aria-label="Documents">
        {docs.map((doc, i) => (
          <li
            key={doc.id}
            className="grid gap-3 rounded-md bg-ink-50 p-3 sm:grid-cols-[14rem_1fr_auto] sm:items-end"
          >
            <TextInput
              label={`Document ${i + 1}`}
              value={doc.name}
              onChange={(v) => update((d) => void (d.recommendation.documentRequirements.base[i]!.name = v))}
            />
            <TextInput
              label={`What ${doc.name} is`}
              value={doc.description}
              onChange={(v) =>
                update((d) => void (d.recommendation.documentRequirements.base[i]!.description = v))
              }
            />
            <CheckInput
              label={`${doc.name} required`}
              checked={doc.required}
              onChange={(v) =>
                update((d) => void (d.recommendation.documentRequirements.base[i]!.required = v))
              }
            />
          </li>
        ))}
      </ul>
    </Section>
  );
}

function ActionPlans({ draft, update }: Props) {
  const plans = draft.recommendation.actionPlans;
  return (
    <Section title="Action plans" description="The steps shown to the client for each approach.">
      {APPROACHES.map(({ value: approach }) => (
        <div key={approach} className="space-y-2">
          <h4 className="text-sm font-semibold">{approach}</h4>
          <ol className="space-y-2" aria-label={`Action plan: ${approach}`}>
            {(plans[approach] ?? []).map((step, i) => (
              <li key={i} className="grid gap-2 rounded-md bg-ink-50 p-3 sm:grid-cols-[14rem_1fr_10rem]">
                <TextInput
                  label={`${approach} step ${i + 1}`}
                  value={step.title}
                  onChange={(v) => update((d) => void (d.recommendation.actionPlans[approach][i]!.title = v))}
                />
                <TextInput
                  label={`${approach} step ${i + 1}: what happens`}
                  value={step.description}
                  onChange={(v) =>
                    update((d) => void (d.recommendation.actionPlans[approach][i]!.description = v))
                  }
                />
                <TextInput
                  label={`${approach} step ${i + 1}: how long`}
                  value={step.estimatedTime}
                  onChange={(v) =>
                    update((d) => void (d.recommendation.actionPlans[approach][i]!.estimatedTime = v))
                  }
                />
              </li>
            ))}
          </ol>
        </div>
      ))}
    </Section>
  );
}

const PARTS = [
  { id: 'eligibility', label: 'Bands and factors' },
  { id: 'complexity', label: 'Complexity' },
  { id: 'value', label: 'Value rates' },
  { id: 'approach', label: 'Approach rules' },
  { id: 'documents', label: 'Documents' },
  { id: 'plans', label: 'Action plans' },
] as const;

export default function ScoringScreen(props: Props) {
  const [part, setPart] = useState<(typeof PARTS)[number]['id']>('eligibility');
  return (
    <div className="space-y-4">
      <nav aria-label="Parts of scoring">
        <ul className="flex flex-wrap gap-2">
          {PARTS.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className={part === p.id ? 'btn btn-primary' : 'btn btn-secondary'}
                aria-current={part === p.id ? 'true' : undefined}
                onClick={() => setPart(p.id)}
              >
                {p.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {part === 'eligibility' ? (
        <>
          <Bands {...props} />
          <Factors {...props} />
        </>
      ) : null}
      {part === 'complexity' ? <Complexity {...props} /> : null}
      {part === 'value' ? <ValueRates {...props} /> : null}
      {part === 'approach' ? <Approach {...props} /> : null}
      {part === 'documents' ? <Documents {...props} /> : null}
      {part === 'plans' ? <ActionPlans {...props} /> : null}
    </div>
  );
}
