// Share and cryptoasset identification for Capital Gains Tax (TCGA 1992 ss104–106A; HMRC CG51550+,
// CRYPTO22200+): each disposal is matched first with acquisitions of the same day, then with
// acquisitions in the 30 days after it (earliest first, the earliest disposal first), then with the
// section 104 holding. Pure and exact: amounts and quantities are decimal.js values, never floats.
//
// Rounding follows HMRC's worked examples (HS284 Example 3, CRYPTO22251–22256): every allowable cost
// taken from an acquisition or from the holding is rounded to the nearest pound (half up: £62.50 →
// £63), what stays behind is the exact remainder (so the holding's cost is conserved), and a whole
// acquisition or holding used up gives its exact remaining cost. A disposal's gain is its proceeds
// less its rounded costs; where proceeds carry pence the gain is rounded down and a loss up to the
// pound (in the taxpayer's favour). Nothing here knows a service: the texts a client reads come from
// the definition (`messages`).
import Decimal from 'decimal.js';
import { daysBetween, isIsoDate, taxYearLabel } from './dates';

/** Exact decimals, independent of any other decimal.js user in the same page. */
export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;

export const TRADE_ACTIONS = ['BUY', 'SELL', 'ADJUST_COST', 'SPLIT'] as const;
export type TradeAction = (typeof TRADE_ACTIONS)[number];
export type MatchRule = 'same-day' | '30-day' | 'section-104' | 'unmatched';

/** One trade as answered (the `shareTradesCGT` row): numbers may be numbers or numeric strings. */
export interface TradeRow {
  date?: unknown;
  action?: unknown;
  asset?: unknown;
  quantity?: unknown;
  price?: unknown;
  fees?: unknown;
  amount?: unknown;
  ratio?: unknown;
}

export interface MatchLeg {
  rule: MatchRule;
  /** Units of the disposal (as sold on its date) this rule covers. */
  quantity: number;
  /** Allowable cost of those units, in whole pounds except where a holding's exact remainder is used. */
  cost: number;
  /** The acquisition day matched (same day and 30 days). */
  acquisitionDate?: string;
}

export interface Disposal {
  date: string;
  asset: string;
  taxYear: string;
  quantity: number;
  /** Sale price × quantity less the selling fees. */
  proceeds: number;
  allowableCost: number;
  /** Whole pounds: negative is a loss. */
  gain: number;
  legs: MatchLeg[];
}

export interface Holding {
  asset: string;
  /** Units in the section 104 holding after the last trade (on the last trade's basis). */
  quantity: number;
  cost: number;
}

export interface TaxYearGains {
  taxYear: string;
  disposals: number;
  proceeds: number;
  allowableCosts: number;
  /** Sum of the disposals' gains. */
  gains: number;
  /** Sum of the disposals' losses (positive). */
  losses: number;
  /** gains − losses (negative: a net loss). */
  netGain: number;
}

export type ProblemCode = 'oversold' | 'negativeCost' | 'invalidRow';
export interface MatchingProblem {
  code: ProblemCode;
  date?: string;
  asset?: string;
  /** The units that could not be matched (oversold) or the row number (invalidRow, from 1). */
  quantity?: number;
  row?: number;
  /** The client's sentence, from the definition's `messages` (empty without one). */
  text: string;
}

export interface MatchingResult {
  disposals: Disposal[];
  holdings: Holding[];
  taxYears: TaxYearGains[];
  problems: MatchingProblem[];
}

export interface MatchingOptions {
  /** Templates by problem code, `{{date|date}}`, `{{asset}}`, `{{quantity}}`, `{{row}}` filled. */
  messages?: Partial<Record<ProblemCode, string>>;
  fill?: (template: string, facts: Record<string, unknown>) => string;
}

// ---------------------------------------------------------------------------------------- parsing

function decimalOf(value: unknown): Dec | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? new D(value) : undefined;
  if (typeof value === 'string') {
    const cleaned = value.replace(/[£,\s]/g, '');
    if (!/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return undefined;
    return new D(cleaned);
  }
  return undefined;
}

interface Trade {
  row: number;
  date: string;
  action: TradeAction;
  key: string;
  asset: string;
  quantity: Dec;
  price: Dec;
  fees: Dec;
  amount: Dec;
  ratio: Dec;
}

const ZERO = new D(0);

function parseTrade(raw: unknown, row: number): Trade | undefined {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const r = raw as TradeRow;
  const action = typeof r.action === 'string' ? r.action.trim().toUpperCase() : '';
  if (!(TRADE_ACTIONS as readonly string[]).includes(action)) return undefined;
  const asset = typeof r.asset === 'string' ? r.asset.trim() : '';
  if (!isIsoDate(r.date) || asset === '') return undefined;
  const quantity = decimalOf(r.quantity) ?? ZERO;
  const price = decimalOf(r.price) ?? ZERO;
  const fees = decimalOf(r.fees) ?? ZERO;
  const amount = decimalOf(r.amount) ?? ZERO;
  const ratio = decimalOf(r.ratio) ?? ZERO;
  const trade: Trade = {
    row,
    date: r.date.slice(0, 10),
    action: action as TradeAction,
    key: asset.toUpperCase(),
    asset,
    quantity,
    price,
    fees,
    amount,
    ratio,
  };
  switch (trade.action) {
    case 'BUY':
    case 'SELL':
      return quantity.gt(0) && !price.isNeg() && !fees.isNeg() ? trade : undefined;
    case 'SPLIT':
      return ratio.gt(0) ? trade : undefined;
    case 'ADJUST_COST':
      return trade;
  }
}

// ---------------------------------------------------------------------------------------- matching

/** One asset's trades of one day, quantities on the basis of the asset's last trade date. */
interface Day {
  date: string;
  /** Units on this day's basis per unit on the final basis (product of later splits' ratios, inverted). */
  factor: Dec;
  buyQty: Dec;
  buyCost: Dec;
  sellQty: Dec;
  /** Sale proceeds less fees, exact. */
  sellProceeds: Dec;
  /** Units as entered on this day (the day's own basis). */
  sellQtyAsEntered: Dec;
  adjustment: Dec;
  /** Acquisition units not yet identified with a disposal, and the cost not yet taken from them. */
  acqLeft: Dec;
  acqCostLeft: Dec;
  /** Disposal units not yet identified. */
  dispLeft: Dec;
  legs: { rule: MatchRule; quantity: Dec; cost: Dec; acquisitionDate?: string }[];
}

const TOLERANCE = new D('1e-9');

function pounds(value: Dec): Dec {
  return value.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
}

/** Cost of `qty` of what is left of an acquisition or holding: the exact rest when all of it goes. */
function takeCost(qty: Dec, qtyLeft: Dec, costLeft: Dec): Dec {
  if (qtyLeft.minus(qty).abs().lte(TOLERANCE)) return costLeft;
  return pounds(costLeft.times(qty).div(qtyLeft));
}

function num(value: Dec, places = 10): number {
  return value.toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toNumber();
}

function matchAsset(
  trades: Trade[],
  out: MatchingResult,
  problem: (p: Omit<MatchingProblem, 'text'>) => void,
): void {
  const first = trades[0];
  if (!first) return;
  // Splits and consolidations: every quantity is put on the basis after the last split, so a
  // disposal before a split and an acquisition after it match unit for unit (a reorganisation is
  // not a disposal, TCGA s127). A split takes effect at the start of its day.
  const splits = trades.filter((t) => t.action === 'SPLIT');
  const factorOn = (date: string): Dec =>
    splits.filter((s) => s.date > date).reduce((f, s) => f.times(s.ratio), new D(1));

  const days = new Map<string, Day>();
  const dayOf = (date: string): Day => {
    let day = days.get(date);
    if (!day) {
      day = {
        date,
        factor: factorOn(date),
        buyQty: ZERO,
        buyCost: ZERO,
        sellQty: ZERO,
        sellProceeds: ZERO,
        sellQtyAsEntered: ZERO,
        adjustment: ZERO,
        acqLeft: ZERO,
        acqCostLeft: ZERO,
        dispLeft: ZERO,
        legs: [],
      };
      days.set(date, day);
    }
    return day;
  };
  for (const t of trades) {
    const day = dayOf(t.date);
    if (t.action === 'BUY') {
      day.buyQty = day.buyQty.plus(t.quantity.times(day.factor));
      day.buyCost = day.buyCost.plus(t.quantity.times(t.price)).plus(t.fees);
    } else if (t.action === 'SELL') {
      day.sellQty = day.sellQty.plus(t.quantity.times(day.factor));
      day.sellQtyAsEntered = day.sellQtyAsEntered.plus(t.quantity);
      day.sellProceeds = day.sellProceeds.plus(t.quantity.times(t.price)).minus(t.fees);
    } else if (t.action === 'ADJUST_COST') {
      day.adjustment = day.adjustment.plus(t.amount);
    }
  }
  const ordered = [...days.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const day of ordered) {
    day.acqLeft = day.buyQty;
    day.acqCostLeft = day.buyCost;
    day.dispLeft = day.sellQty;
  }

  const identify = (disposal: Day, acquisition: Day, rule: MatchRule, qty: Dec): void => {
    const cost = takeCost(qty, acquisition.acqLeft, acquisition.acqCostLeft);
    acquisition.acqLeft = acquisition.acqLeft.minus(qty);
    acquisition.acqCostLeft = acquisition.acqCostLeft.minus(cost);
    disposal.dispLeft = disposal.dispLeft.minus(qty);
    disposal.legs.push({ rule, quantity: qty, cost, acquisitionDate: acquisition.date });
  };

  // 1. Same day (TCGA s105(1)): the day's disposals as one, against the day's acquisitions as one.
  for (const day of ordered) {
    const qty = D.min(day.dispLeft, day.acqLeft);
    if (qty.gt(0)) identify(day, day, 'same-day', qty);
  }
  // 2. The 30 days after (s106A(5)): acquisitions on days 1–30 after the disposal, earliest first;
  //    disposals in date order, so an earlier disposal takes an acquisition before a later one.
  for (let i = 0; i < ordered.length; i += 1) {
    const disposal = ordered[i] as Day;
    for (let j = i + 1; j < ordered.length && disposal.dispLeft.gt(0); j += 1) {
      const acquisition = ordered[j] as Day;
      const days30 = daysBetween(disposal.date, acquisition.date) ?? Infinity;
      if (days30 > 30) break;
      const qty = D.min(disposal.dispLeft, acquisition.acqLeft);
      if (qty.gt(0)) identify(disposal, acquisition, '30-day', qty);
    }
  }
  // 3. The section 104 holding, day by day: cost adjustments first (they belong to the holding
  //    as it stood), then what is left of the day's acquisitions, then of its disposals.
  let poolQty = ZERO;
  let poolCost = ZERO;
  for (const day of ordered) {
    if (!day.adjustment.isZero()) {
      poolCost = poolCost.plus(day.adjustment);
      if (poolCost.isNeg()) {
        problem({ code: 'negativeCost', date: day.date, asset: first.asset });
        poolCost = ZERO;
      }
    }
    if (day.acqLeft.gt(0)) {
      poolQty = poolQty.plus(day.acqLeft);
      poolCost = poolCost.plus(day.acqCostLeft);
      day.acqLeft = ZERO;
      day.acqCostLeft = ZERO;
    }
    if (day.dispLeft.gt(TOLERANCE)) {
      const qty = D.min(day.dispLeft, poolQty);
      if (qty.gt(0)) {
        const cost = takeCost(qty, poolQty, poolCost);
        poolQty = poolQty.minus(qty);
        poolCost = poolCost.minus(cost);
        if (poolQty.lte(TOLERANCE)) poolQty = ZERO;
        day.dispLeft = day.dispLeft.minus(qty);
        day.legs.push({ rule: 'section-104', quantity: qty, cost });
      }
      if (day.dispLeft.gt(TOLERANCE)) {
        // More sold than the trades show held: the rest has no known cost (its gain is overstated).
        problem({
          code: 'oversold',
          date: day.date,
          asset: first.asset,
          quantity: num(day.dispLeft.div(day.factor), 8),
        });
        day.legs.push({ rule: 'unmatched', quantity: day.dispLeft, cost: ZERO });
        day.dispLeft = ZERO;
      }
    }
  }

  for (const day of ordered) {
    if (day.sellQty.isZero()) continue;
    const cost = day.legs.reduce((sum, leg) => sum.plus(leg.cost), ZERO);
    const exact = day.sellProceeds.minus(cost);
    out.disposals.push({
      date: day.date,
      asset: first.asset,
      taxYear: taxYearLabel(day.date) ?? '',
      quantity: num(day.sellQtyAsEntered),
      proceeds: num(day.sellProceeds, 2),
      allowableCost: num(cost, 2),
      gain: num(exact.toDecimalPlaces(0, Decimal.ROUND_FLOOR)),
      legs: day.legs.map((leg) => ({
        rule: leg.rule,
        quantity: num(leg.quantity.div(day.factor)),
        cost: num(leg.cost, 2),
        ...(leg.rule === '30-day' && leg.acquisitionDate !== undefined
          ? { acquisitionDate: leg.acquisitionDate }
          : {}),
      })),
    });
  }
  const lastDate = ordered[ordered.length - 1]?.date ?? first.date;
  out.holdings.push({
    asset: first.asset,
    quantity: num(poolQty.div(factorOn(lastDate))),
    cost: num(poolCost, 2),
  });
}

/**
 * Matches every asset's trades (an asset is its name, case and spaces at the ends ignored) and adds
 * up the gains by tax year. Rows that are not trades are left out and reported (`invalidRow`).
 */
export function matchShareTrades(rows: readonly unknown[], options: MatchingOptions = {}): MatchingResult {
  const out: MatchingResult = { disposals: [], holdings: [], taxYears: [], problems: [] };
  const problem = (p: Omit<MatchingProblem, 'text'>): void => {
    const template = options.messages?.[p.code];
    const text = template !== undefined && options.fill ? options.fill(template, { ...p }) : '';
    out.problems.push({ ...p, text });
  };
  const byAsset = new Map<string, Trade[]>();
  rows.forEach((raw, index) => {
    const trade = parseTrade(raw, index + 1);
    if (!trade) {
      problem({ code: 'invalidRow', row: index + 1 });
      return;
    }
    const list = byAsset.get(trade.key);
    if (list) list.push(trade);
    else byAsset.set(trade.key, [trade]);
  });
  for (const key of [...byAsset.keys()].sort()) matchAsset(byAsset.get(key) ?? [], out, problem);

  out.disposals.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.asset.localeCompare(b.asset)));
  const years = new Map<string, TaxYearGains>();
  for (const d of out.disposals) {
    let year = years.get(d.taxYear);
    if (!year) {
      year = {
        taxYear: d.taxYear,
        disposals: 0,
        proceeds: 0,
        allowableCosts: 0,
        gains: 0,
        losses: 0,
        netGain: 0,
      };
      years.set(d.taxYear, year);
    }
    year.disposals += 1;
    year.proceeds = num(new D(year.proceeds).plus(d.proceeds), 2);
    year.allowableCosts = num(new D(year.allowableCosts).plus(d.allowableCost), 2);
    if (d.gain >= 0) year.gains += d.gain;
    else year.losses -= d.gain;
    year.netGain = year.gains - year.losses;
  }
  out.taxYears = [...years.values()].sort((a, b) => (a.taxYear < b.taxYear ? -1 : 1));
  return out;
}
