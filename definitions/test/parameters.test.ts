// The dated parameter files: every value sourced, periods that neither overlap nor (where the
// shared table gives a run) leave gaps, and lookups on each side of every boundary that matters.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadParameterSet, lookupParameterBy, type ParameterSet } from '@reclaim/engine';

const dir = new URL('../parameters/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
const sets: Record<string, ParameterSet> = {};
for (const file of files) {
  const set = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as ParameterSet;
  sets[set.id] = set;
}
function set(id: string): ParameterSet {
  const s = sets[id];
  if (!s) throw new Error(`no parameter set ${id}`);
  return s;
}

// Keys where the shared table (tax-parameters.md) itself leaves a gap between rows.
const TABLE_GAPS = new Set<string>([]);

function nextDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

// Official: GOV.UK, legislation.gov.uk, HMRC's own code and manuals, the VOA. Third party: anything
// else we cite (PolicyEngine's model, ICAEW, the Commons Library, tax tables). A new source must
// be one or the other; a value resting only on a third-party source says 3P in its note
// (tax-parameters.md's "3P = only a third-party site supports it").
const OFFICIAL_HOSTS = ['www.gov.uk', 'www.legislation.gov.uk'];
const OFFICIAL_TITLE =
  /^(GOV\.UK|HMRC|VOA|Finance Act|Inheritance Tax Act|Taxation of Chargeable Gains Act|Stamp Duty Land Tax)/;
const THIRD_PARTY = /PolicyEngine|ICAEW|House of Commons Library|Third-party|\(3P\)/;
function sourceKind(source: { title: string; url?: string }): 'official' | 'third-party' | 'unknown' {
  if (THIRD_PARTY.test(source.title)) return 'third-party';
  const host = source.url ? new URL(source.url).host : '';
  if (OFFICIAL_HOSTS.includes(host)) return 'official';
  if (source.url?.startsWith('https://github.com/hmrc/')) return 'official';
  if (!source.url && OFFICIAL_TITLE.test(source.title)) return 'official';
  return 'unknown';
}

describe('parameter files', () => {
  it('are the five expected sets, each named after its file', () => {
    expect(files.sort()).toEqual(['cgt.json', 'deadlines.json', 'rd.json', 'reliefs.json', 'sdlt.json']);
    for (const file of files) expect(`${set(file.replace('.json', '')).id}.json`).toBe(file);
  });

  for (const file of files) {
    const id = file.replace('.json', '');
    describe(id, () => {
      it('passes the engine’s parameter-set checks (schema, sources, overlaps)', () => {
        expect(() => loadParameterSet(set(id))).not.toThrow();
      });
      it('gives every value a source present in sources, with a title', () => {
        const s = set(id);
        for (const [key, p] of Object.entries(s.parameters)) {
          for (const v of p.values) {
            expect(s.sources[v.source], `${id}:${key} from ${v.from} source ${v.source}`).toBeDefined();
            expect(s.sources[v.source]?.title.length).toBeGreaterThan(0);
          }
        }
      });
      it('classifies every source as official or third-party', () => {
        for (const [code, source] of Object.entries(set(id).sources))
          expect(
            sourceKind(source),
            `${id}:${code} "${source.title}" is neither a recognised official source nor a known third party`,
          ).not.toBe('unknown');
      });
      it('marks every value resting only on a third-party source as 3P in its note', () => {
        const s = set(id);
        for (const [key, p] of Object.entries(s.parameters)) {
          for (const v of p.values) {
            const primary = s.sources[v.source];
            if (!primary) throw new Error(`${id}:${key} from ${v.from}: unknown source ${v.source}`);
            const note = v.note ?? '';
            const alsoOfficial = [...note.matchAll(/\b(S\d+|CT\d+)\b/g)].some((m) => {
              const other = s.sources[m[1] ?? ''];
              return other !== undefined && sourceKind(other) === 'official';
            });
            const supported = sourceKind(primary) === 'official' || alsoOfficial || /\b3P\b/.test(note);
            expect(
              supported,
              `${id}:${key} from ${v.from} rests only on third-party ${v.source} and its note does not say 3P`,
            ).toBe(true);
          }
        }
      });
      it('has periods that do not overlap and, where the table gives a run, leave no gaps', () => {
        const s = set(id);
        for (const [key, p] of Object.entries(s.parameters)) {
          const values = [...p.values].sort((a, b) => a.from.localeCompare(b.from));
          values.forEach((v, i) => {
            if (v.to !== null) expect(v.to >= v.from, `${id}:${key} ${v.from}..${v.to}`).toBe(true);
            const next = values[i + 1];
            if (!next) return;
            expect(
              v.to,
              `${id}:${key} value from ${v.from} is open but followed by ${next.from}`,
            ).not.toBeNull();
            const to = v.to ?? '';
            expect(to < next.from, `${id}:${key} ${v.from}..${to} overlaps ${next.from}`).toBe(true);
            if (!TABLE_GAPS.has(`${id}:${key}`))
              expect(next.from, `${id}:${key} gap after ${to}`).toBe(nextDay(to));
          });
        }
      });
      it('uses fractions for rates (0 to 2) and whole numbers for months and days', () => {
        for (const [key, p] of Object.entries(set(id).parameters)) {
          for (const v of p.values) {
            if (p.unit === 'rate')
              expect(typeof v.value === 'number' && v.value >= 0 && v.value <= 2, `${id}:${key}`).toBe(true);
            if (p.unit === 'months' || p.unit === 'days' || p.unit === 'count')
              expect(Number.isInteger(v.value), `${id}:${key}`).toBe(true);
            if (p.unit === 'text') expect(typeof v.value, `${id}:${key}`).toBe('string');
            if (p.unit === 'bands') expect(Array.isArray(v.value), `${id}:${key}`).toBe(true);
          }
        }
      });
    });
  }
});

function at(setId: string, key: string, by: 'date' | 'taxYear', date: string): unknown {
  return lookupParameterBy(set(setId), key, by, date)?.value;
}

describe('SDLT band tables at the boundaries (tax-parameters.md)', () => {
  const res125 = [125000, 250000, 925000, 1500000, null];
  const res250 = [250000, 925000, 1500000, null];
  const cases: [string, string, (number | null)[], number[]][] = [
    ['res.bands', '2020-07-07', res125, [0, 0.02, 0.05, 0.1, 0.12]],
    ['res.bands', '2020-07-08', [500000, 925000, 1500000, null], [0, 0.05, 0.1, 0.12]],
    ['res.bands', '2021-06-30', [500000, 925000, 1500000, null], [0, 0.05, 0.1, 0.12]],
    ['res.bands', '2021-07-01', res250, [0, 0.05, 0.1, 0.12]],
    ['res.bands', '2021-09-30', res250, [0, 0.05, 0.1, 0.12]],
    ['res.bands', '2021-10-01', res125, [0, 0.02, 0.05, 0.1, 0.12]],
    ['res.bands', '2022-09-22', res125, [0, 0.02, 0.05, 0.1, 0.12]],
    ['res.bands', '2022-09-23', res250, [0, 0.05, 0.1, 0.12]],
    ['res.bands', '2025-03-31', res250, [0, 0.05, 0.1, 0.12]],
    ['res.bands', '2025-04-01', res125, [0, 0.02, 0.05, 0.1, 0.12]],
    ['ftb.bands', '2022-09-22', [300000, null], [0, 0.05]],
    ['ftb.bands', '2022-09-23', [425000, null], [0, 0.05]],
    ['ftb.bands', '2025-04-01', [300000, null], [0, 0.05]],
    ['nonres.bands', '2024-01-01', [150000, 250000, null], [0, 0.02, 0.05]],
  ];
  for (const [key, date, uppers, rates] of cases) {
    it(`sdlt:${key} on ${date}`, () => {
      const table = at('sdlt', key, 'date', date) as { upTo: number | null; rate: number }[];
      expect(table.map((b) => b.upTo)).toEqual(uppers);
      expect(table.map((b) => b.rate)).toEqual(rates);
    });
  }
});

describe('lookups at the boundaries (tax-parameters.md)', () => {
  const cases: [string, string, 'date' | 'taxYear', string, number | string | undefined][] = [
    // AEA by tax year: 12,000 / 12,300 / 6,000 / 3,000
    ['cgt', 'aea.individual', 'taxYear', '2020-04-05', 12000],
    ['cgt', 'aea.individual', 'taxYear', '2020-04-06', 12300],
    ['cgt', 'aea.individual', 'taxYear', '2023-04-05', 12300],
    ['cgt', 'aea.individual', 'taxYear', '2023-04-06', 6000],
    ['cgt', 'aea.individual', 'taxYear', '2024-04-05', 6000],
    ['cgt', 'aea.individual', 'taxYear', '2024-04-06', 3000],
    ['cgt', 'aea.individual', 'taxYear', '2025-03-31', 3000], // any date of 2024/25 gives 2024/25's amount
    ['cgt', 'aea.individual', 'taxYear', '2019-04-05', 11700], // 2018/19
    ['cgt', 'aea.individual', 'taxYear', '2018-04-05', undefined], // before the table
    ['cgt', 'basic_rate_band', 'taxYear', '2021-04-05', 37500],
    ['cgt', 'basic_rate_band', 'taxYear', '2021-04-06', 37700],
    ['cgt', 'personal_allowance', 'taxYear', '2021-04-05', 12500],
    ['cgt', 'personal_allowance', 'taxYear', '2021-04-06', 12570],
    // other gains: 10/20 to 2024-10-29, 18/24 from 2024-10-30
    ['cgt', 'rate.other.lower', 'date', '2024-10-29', 0.1],
    ['cgt', 'rate.other.lower', 'date', '2024-10-30', 0.18],
    ['cgt', 'rate.other.higher', 'date', '2024-10-29', 0.2],
    ['cgt', 'rate.other.higher', 'date', '2024-10-30', 0.24],
    // residential: 18% throughout; higher 28% to 2024-04-05, then 24%
    ['cgt', 'rate.residential.lower', 'date', '2024-04-05', 0.18],
    ['cgt', 'rate.residential.lower', 'date', '2024-10-30', 0.18],
    ['cgt', 'rate.residential.higher', 'date', '2024-04-05', 0.28],
    ['cgt', 'rate.residential.higher', 'date', '2024-04-06', 0.24],
    // BADR 10% / 14% / 18%
    ['cgt', 'badr.rate', 'date', '2025-04-05', 0.1],
    ['cgt', 'badr.rate', 'date', '2025-04-06', 0.14],
    ['cgt', 'badr.rate', 'date', '2026-04-05', 0.14],
    ['cgt', 'badr.rate', 'date', '2026-04-06', 0.18],
    ['cgt', 'badr.lifetime_limit', 'date', '2020-03-10', 10000000],
    ['cgt', 'badr.lifetime_limit', 'date', '2020-03-11', 1000000],
    ['cgt', 'rate.carried_interest.higher', 'date', '2025-04-05', 0.28],
    ['cgt', 'rate.carried_interest.higher', 'date', '2025-04-06', 0.32],
    ['cgt', 'carried_interest.regime', 'date', '2026-04-06', 'income tax'],
    // PRR final period by disposal date (CG64985): 36 months before 6 April 2014, 18 to 5 April 2020, then 9
    ['cgt', 'prr.final_period', 'date', '2010-01-15', 36],
    ['cgt', 'prr.final_period', 'date', '2014-04-05', 36],
    ['cgt', 'prr.final_period', 'date', '2014-04-06', 18],
    ['cgt', 'prr.final_period', 'date', '2020-03-15', 18],
    ['cgt', 'prr.final_period', 'date', '2020-04-05', 18],
    ['cgt', 'prr.final_period', 'date', '2020-04-06', 9],
    ['cgt', 'chattels.loss_deemed_proceeds', 'date', '2024-12-01', 6000],
    ['cgt', 'chattels.exempt_threshold', 'date', '2024-12-01', 6000],
    ['cgt', 'uk_res_property.report_pay_days', 'date', '2020-04-05', undefined],
    ['cgt', 'uk_res_property.report_pay_days', 'date', '2020-04-06', 30],
    ['cgt', 'uk_res_property.report_pay_days', 'date', '2021-10-26', 30],
    ['cgt', 'uk_res_property.report_pay_days', 'date', '2021-10-27', 60],
    ['cgt', 'sa.proceeds_reporting_threshold', 'date', '2023-04-06', 50000],
    ['cgt', 'lettings_relief.cap', 'date', '2020-04-06', 40000],
    // SDLT by effective date
    ['sdlt', 'ftb.max_price', 'date', '2020-07-07', 500000],
    ['sdlt', 'ftb.max_price', 'date', '2020-07-08', 0], // switched off (Temporary Relief Act 2020 s1(5))
    ['sdlt', 'ftb.max_price', 'date', '2021-06-30', 0],
    ['sdlt', 'ftb.max_price', 'date', '2021-07-01', 500000],
    ['sdlt', 'ftb.max_price', 'date', '2022-09-23', 625000],
    ['sdlt', 'ftb.max_price', 'date', '2025-03-31', 625000],
    ['sdlt', 'ftb.max_price', 'date', '2025-04-01', 500000],
    ['sdlt', 'higher_rates.surcharge', 'date', '2016-03-31', 0],
    ['sdlt', 'higher_rates.surcharge', 'date', '2016-04-01', 0.03],
    ['sdlt', 'higher_rates.surcharge', 'date', '2024-10-30', 0.03],
    ['sdlt', 'higher_rates.surcharge', 'date', '2024-10-31', 0.05],
    ['sdlt', 'higher_rates.min_consideration', 'date', '2024-10-31', 40000],
    ['sdlt', 'non_resident.surcharge', 'date', '2021-03-31', 0],
    ['sdlt', 'non_resident.surcharge', 'date', '2021-04-01', 0.02],
    ['sdlt', 'non_resident.min_consideration', 'date', '2021-04-01', 40000],
    ['sdlt', 'mdr.available', 'date', '2024-05-31', 1],
    ['sdlt', 'mdr.available', 'date', '2024-06-01', 0],
    ['sdlt', 'mdr.min_rate', 'date', '2024-05-31', 0.01],
    ['sdlt', 'six_dwellings.min_count', 'date', '2024-06-01', 6],
    ['sdlt', 'overpayment_relief.window', 'date', '2024-01-01', 48],
    // R&D by accounting period start
    ['rd', 'sme.payable_credit', 'date', '2023-03-31', 0.145],
    ['rd', 'sme.payable_credit', 'date', '2023-04-01', 0.1],
    ['rd', 'rdec.rate', 'date', '2023-04-01', 0.2],
    ['rd', 'merged_scheme.rdec', 'date', '2024-03-31', undefined],
    ['rd', 'merged_scheme.rdec', 'date', '2024-04-01', 0.2],
    ['rd', 'eris.intensity_threshold', 'date', '2024-04-01', 0.3],
    ['rd', 'claim_time_limit', 'date', '2024-04-01', 24],
    // patent box, business rates, capital allowances, EIS, IHT
    ['reliefs', 'patent_box.effective_rate', 'date', '2024-04-01', 0.1],
    ['reliefs', 'rates.list.valuation_date', 'date', '2026-03-31', '2021-04-01'],
    ['reliefs', 'rates.list.valuation_date', 'date', '2026-04-01', '2024-04-01'],
    ['reliefs', 'aia', 'date', '2023-04-01', 1000000],
    ['reliefs', 'full_expensing.special_rate', 'date', '2023-04-01', 0.5],
    ['reliefs', 'sba.rate', 'date', '2020-04-01', 0.03],
    ['reliefs', 'eis.it_relief.rate', 'date', '2024-04-06', 0.3],
    ['reliefs', 'iht.nrb', 'date', '2024-04-06', 325000],
    ['reliefs', 'iht.rnrb', 'date', '2024-04-06', 175000],
    ['reliefs', 'iht.apr_bpr.full_relief_allowance', 'date', '2026-04-05', undefined],
    ['reliefs', 'iht.apr_bpr.full_relief_allowance', 'date', '2026-04-06', 2500000],
  ];
  for (const [setId, key, by, date, expected] of cases) {
    it(`${setId}:${key} by ${by} on ${date} = ${String(expected)}`, () => {
      expect(at(setId, key, by, date)).toBe(expected);
    });
  }
});
