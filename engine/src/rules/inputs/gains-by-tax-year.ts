// The tax of each tax year's share disposals, in the order HMRC works it out (CG15800+, SA108
// notes): the year's losses come off its gains in full; losses brought forward only bring what is
// left down to the annual exempt amount, the rest is carried forward (a net loss adds to it); the
// exempt amount comes off next; the taxable gain is taxed at the lower rate within the unused basic
// rate band and the higher rate above it, the rates of each disposal's date.
//
// Within one year gains can be taxed at different rates (2024-25: 10%/20% to 29 October 2024,
// 18%/24% from 30 October). Losses and the exempt amount are set against the gains taxed at the
// highest rates first, and the basic rate band against the gains it saves most on (TCGA 1992
// s4B: the most beneficial way). Every figure and text comes from the definition: the amounts and
// rates are looked up by the callbacks, dated, from its parameter set.
import Decimal from 'decimal.js';
import { D, type Dec, type Disposal, type TaxYearGains } from './share-matching';

export interface YearRates {
  lower: number;
  higher: number;
}
export interface YearBands {
  basicRateBand: number;
  personalAllowance: number;
  /** Income above which the personal allowance is reduced, and by how much per £1 (0.5). */
  taperThreshold?: number;
  taperRate?: number;
}

export interface GainsByYearOptions {
  /** The annual exempt amount of a tax year (looked up on 6 April of it), undefined when not known. */
  annualExemptAmount: (taxYear: string) => number | undefined;
  /** The rates on a disposal's date. */
  rates: (date: string) => YearRates | undefined;
  /** The basic rate band and personal allowance of a tax year. */
  bands?: (taxYear: string) => YearBands | undefined;
  /** Unused losses of earlier years, before the first year of these disposals. */
  lossesBroughtForward?: number;
  /** Income of each year before the personal allowance, without the gains (sizes the band left). */
  income?: number;
  /** Without income: is the whole basic rate band free (true) or none of it (false, the default)? */
  basicRateBandFree?: boolean;
  /** Proceeds of a tax year above which the year's disposals must be reported even with no tax. */
  proceedsReportingThreshold?: (taxYear: string) => number | undefined;
}

export interface TaxYearSummary extends TaxYearGains {
  lossesBroughtForward: number;
  /** Losses of earlier years used this year. */
  lossesUsed: number;
  lossesCarriedForward: number;
  annualExemptAmount: number | null;
  annualExemptAmountUsed: number;
  taxableGain: number;
  /** The basic rate band left for gains (null: not known). */
  unusedBasicRateBand: number | null;
  tax: number;
  /** Tax if the whole basic rate band were free, and if none of it were. */
  taxLow: number;
  taxHigh: number;
  /** The year's proceeds are above the reporting threshold (reported even with no tax). */
  proceedsOverReportingThreshold: boolean;
  /** False when a rate, band or the exempt amount of the year is not in the parameters. */
  complete: boolean;
}

export interface GainsTotals {
  disposals: number;
  gains: number;
  losses: number;
  netGain: number;
  taxableGain: number;
  annualExemptAmountUsed: number;
  lossesUsed: number;
  lossesCarriedForward: number;
  /** Tax years whose proceeds are above the reporting threshold. */
  yearsOverReportingThreshold: number;
  tax: number;
  taxLow: number;
  taxHigh: number;
  complete: boolean;
}

interface Slice {
  rates: YearRates;
  amount: Dec;
}

function money(value: Dec): number {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
}

/** Tax on the slices, the band given to the slices where it saves most. */
function taxOn(slices: readonly Slice[], band: Dec): Dec {
  let left = band;
  let tax = new D(0);
  const bySaving = [...slices].sort(
    (a, b) => b.rates.higher - b.rates.lower - (a.rates.higher - a.rates.lower),
  );
  for (const slice of bySaving) {
    const lower = D.min(slice.amount, D.max(left, 0));
    left = left.minus(lower);
    tax = tax.plus(lower.times(slice.rates.lower)).plus(slice.amount.minus(lower).times(slice.rates.higher));
  }
  return tax;
}

function unusedBand(bands: YearBands, income: number): Dec {
  const over = D.max(0, new D(income).minus(bands.taperThreshold ?? Infinity));
  const allowance = D.max(0, new D(bands.personalAllowance).minus(over.times(bands.taperRate ?? 0)));
  const taxed = D.max(0, new D(income).minus(allowance));
  return D.max(0, new D(bands.basicRateBand).minus(taxed));
}

export function gainsByTaxYear(
  years: readonly TaxYearGains[],
  disposals: readonly Disposal[],
  options: GainsByYearOptions,
): { years: TaxYearSummary[]; totals: GainsTotals } {
  let broughtForward = new D(options.lossesBroughtForward ?? 0);
  const out: TaxYearSummary[] = [];
  for (const year of years) {
    let complete = true;
    const aeaValue = options.annualExemptAmount(year.taxYear);
    if (aeaValue === undefined) complete = false;
    const aea = new D(aeaValue ?? 0);
    const net = new D(year.netGain);
    let lossesUsed = new D(0);
    let aeaUsed = new D(0);
    let taxable = new D(0);
    const carriedIn = broughtForward;
    if (net.gt(0)) {
      lossesUsed = D.min(broughtForward, D.max(0, net.minus(aea)));
      broughtForward = broughtForward.minus(lossesUsed);
      aeaUsed = D.min(aea, net.minus(lossesUsed));
      taxable = D.max(0, net.minus(lossesUsed).minus(aea));
    } else {
      broughtForward = broughtForward.plus(net.neg());
    }

    // The year's gains by the rates of their dates; losses, losses brought forward and the exempt
    // amount come off the gains taxed at the highest rates first.
    const byRates = new Map<string, Slice>();
    for (const d of disposals) {
      if (d.taxYear !== year.taxYear || d.gain <= 0) continue;
      const rates = options.rates(d.date);
      if (!rates) {
        complete = false;
        continue;
      }
      const key = `${rates.lower}/${rates.higher}`;
      const slice = byRates.get(key);
      if (slice) slice.amount = slice.amount.plus(d.gain);
      else byRates.set(key, { rates, amount: new D(d.gain) });
    }
    const slices = [...byRates.values()].sort(
      (a, b) => b.rates.higher - a.rates.higher || b.rates.lower - a.rates.lower,
    );
    let deduct = new D(year.losses).plus(lossesUsed).plus(aeaUsed);
    for (const slice of slices) {
      const off = D.min(slice.amount, deduct);
      slice.amount = slice.amount.minus(off);
      deduct = deduct.minus(off);
    }
    const charged = slices.filter((s) => s.amount.gt(0));

    const bands = options.bands?.(year.taxYear);
    let band: Dec | null = null;
    if (options.income !== undefined) {
      if (bands) band = unusedBand(bands, options.income);
    } else if (bands) {
      band = options.basicRateBandFree === true ? new D(bands.basicRateBand) : new D(0);
    } else if (options.basicRateBandFree !== true) {
      band = new D(0);
    }
    if (band === null && taxable.gt(0)) complete = false;
    const whole = bands ? new D(bands.basicRateBand) : null;
    const threshold = options.proceedsReportingThreshold?.(year.taxYear);
    const tax = taxOn(charged, band ?? new D(0));
    out.push({
      ...year,
      lossesBroughtForward: carriedIn.toNumber(),
      lossesUsed: lossesUsed.toNumber(),
      lossesCarriedForward: broughtForward.toNumber(),
      annualExemptAmount: aeaValue ?? null,
      annualExemptAmountUsed: aeaUsed.toNumber(),
      taxableGain: taxable.toNumber(),
      unusedBasicRateBand: band === null ? null : band.toNumber(),
      tax: money(tax),
      taxLow: money(taxOn(charged, whole ?? band ?? new D(0))),
      taxHigh: money(taxOn(charged, new D(0))),
      proceedsOverReportingThreshold: threshold !== undefined && threshold > 0 && year.proceeds > threshold,
      complete,
    });
  }
  const sum = (pick: (y: TaxYearSummary) => number): number =>
    money(out.reduce((s, y) => s.plus(pick(y)), new D(0)));
  return {
    years: out,
    totals: {
      disposals: out.reduce((s, y) => s + y.disposals, 0),
      gains: sum((y) => y.gains),
      losses: sum((y) => y.losses),
      netGain: sum((y) => y.netGain),
      taxableGain: sum((y) => y.taxableGain),
      annualExemptAmountUsed: sum((y) => y.annualExemptAmountUsed),
      lossesUsed: sum((y) => y.lossesUsed),
      yearsOverReportingThreshold: out.filter((y) => y.proceedsOverReportingThreshold).length,
      lossesCarriedForward: broughtForward.toNumber(),
      tax: sum((y) => y.tax),
      taxLow: sum((y) => y.taxLow),
      taxHigh: sum((y) => y.taxHigh),
      complete: out.every((y) => y.complete),
    },
  };
}
