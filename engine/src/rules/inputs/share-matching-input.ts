// The `shareMatching` input kind: a table answer of trades (date, action, asset, quantity, price,
// fees, amount, ratio) becomes the disposals with their matching (share-matching.ts) and each tax
// year's gains, losses, exempt amount and tax (gains-by-tax-year.ts), with rates and allowances
// looked up, dated, in the parameter set the spec names. One object fact; the `path` input kind
// reads figures out of it (`totals.tax`, `gainsByTaxYear`).
import type { ParameterSet, ShareMatchingInputSpec, TraceParameter, TraceRule } from '../../types';
import { fillTemplate } from '../stages/fill-template';
import { lookupParameterBy, type ParameterValue } from '../parameters/resolve-parameters';
import { ownValue } from '../own-value';
import { gainsByTaxYear, type YearBands } from './gains-by-tax-year';
import { matchShareTrades } from './share-matching';

/** What a compiled input needs besides its scope. */
export interface InputContext {
  parameterSets?: Readonly<Record<string, ParameterSet>>;
  parameterTrace?: TraceParameter[];
  trace?: TraceRule[];
  /** The value of a ref of `parameters[]` by name, dated from the scope (`{ "param": name }` in an input). */
  parameter?: (name: string, scope: Record<string, unknown>, asOf: string) => unknown;
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.replace(/[£,\s]/g, ''));
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** 6 April of a tax year label (2024-25 → 2024-04-06). */
function taxYearStart(label: string): string {
  return `${label.slice(0, 4)}-04-06`;
}

export function compileShareMatching(spec: ShareMatchingInputSpec) {
  const { from, tax } = spec;
  const messages = spec.messages ?? {};
  return (scope: Record<string, unknown>, context: InputContext): unknown => {
    const rows = ownValue(scope, from);
    if (!Array.isArray(rows) || rows.length === 0) return undefined;
    const matching = matchShareTrades(rows, { messages, fill: fillTemplate });

    const set = tax ? context.parameterSets?.[tax.set] : undefined;
    const traced = new Set<string>();
    const look = (key: string | undefined, on: string, by: 'taxYear' | 'date'): number | undefined => {
      if (!set || !tax || key === undefined) return undefined;
      const found: ParameterValue | undefined = lookupParameterBy(set, key, by, on);
      if (!found || typeof found.value !== 'number') return undefined;
      const id = `${key}@${found.from}`;
      if (context.parameterTrace && !traced.has(id)) {
        traced.add(id);
        const parameter = set.parameters[key];
        context.parameterTrace.push({
          name: `${spec.name}.${key}`,
          set: tax.set,
          key,
          value: found.value,
          from: found.from,
          to: found.to,
          source: found.source,
          sourceTitle: found.sourceTitle,
          ...(found.sourceUrl !== undefined ? { sourceUrl: found.sourceUrl } : {}),
          ...(found.sourceCite !== undefined ? { sourceCite: found.sourceCite } : {}),
          ...(parameter ? { description: parameter.description, unit: parameter.unit } : {}),
        });
      }
      return found.value;
    };

    const income = tax?.income !== undefined ? numberOf(ownValue(scope, tax.income)) : undefined;
    const free =
      tax?.basicRateBandFree !== undefined ? ownValue(scope, tax.basicRateBandFree) === true : false;
    const broughtForward =
      spec.lossesBroughtForward !== undefined
        ? numberOf(ownValue(scope, spec.lossesBroughtForward))
        : undefined;
    const { years, totals } = gainsByTaxYear(matching.taxYears, matching.disposals, {
      annualExemptAmount: (year) => look(tax?.annualExemptAmount, taxYearStart(year), 'date'),
      rates: (date) => {
        const lower = look(tax?.lowerRate, date, 'date');
        const higher = look(tax?.higherRate, date, 'date');
        return lower === undefined || higher === undefined ? undefined : { lower, higher };
      },
      bands: (year): YearBands | undefined => {
        const on = taxYearStart(year);
        const basicRateBand = look(tax?.basicRateBand, on, 'date');
        const personalAllowance = look(tax?.personalAllowance, on, 'date');
        if (basicRateBand === undefined || personalAllowance === undefined) return undefined;
        const taperThreshold = look(tax?.personalAllowanceTaperThreshold, on, 'date');
        const taperRate = look(tax?.personalAllowanceTaperRate, on, 'date');
        return {
          basicRateBand,
          personalAllowance,
          ...(taperThreshold !== undefined ? { taperThreshold } : {}),
          ...(taperRate !== undefined ? { taperRate } : {}),
        };
      },
      ...(broughtForward !== undefined && broughtForward > 0 ? { lossesBroughtForward: broughtForward } : {}),
      ...(income !== undefined ? { income } : {}),
      basicRateBandFree: free,
      proceedsReportingThreshold: (year) => look(tax?.proceedsReportingThreshold, taxYearStart(year), 'date'),
    });

    if (context.trace) {
      for (const year of years) {
        context.trace.push({
          stage: 'inputs',
          id: `${spec.name}#${year.taxYear}`,
          description: spec.description ?? spec.name,
          matched: true,
          facts: {
            taxYear: year.taxYear,
            gains: year.gains,
            losses: year.losses,
            lossesUsed: year.lossesUsed,
            annualExemptAmount: year.annualExemptAmount,
            taxableGain: year.taxableGain,
            tax: year.tax,
          },
          value: year.netGain,
          counted: true,
        });
      }
    }

    const gainsByYear: Record<string, number> = {};
    for (const year of years) gainsByYear[year.taxYear] = year.netGain;
    const rules = new Set(matching.disposals.flatMap((d) => d.legs.map((l) => l.rule)));
    const latest = years[years.length - 1];
    return {
      disposals: matching.disposals,
      taxYears: years,
      gainsByTaxYear: gainsByYear,
      holdings: matching.holdings,
      problems: matching.problems.map((p) => p.text).filter((t) => t !== ''),
      problemCount: matching.problems.length,
      rulesUsed: [...rules].sort(),
      latestTaxYear: latest?.taxYear ?? null,
      firstDisposalDate: matching.disposals[0]?.date ?? null,
      lastDisposalDate: matching.disposals[matching.disposals.length - 1]?.date ?? null,
      totals,
    };
  };
}
