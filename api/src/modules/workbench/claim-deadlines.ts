import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { claimRoutesFor, type ClaimTemplates } from '@reclaim/engine';
import { definitionsDir } from '../../database/seeders/definitions-source';

/** One statutory deadline of a claim: a date the engine worked out, with what it is the limit of. */
export interface ClaimDeadline {
  date: string;
  label: string;
}

interface DeadlineSpec {
  fact: string;
  label: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
let specs: Record<string, DeadlineSpec[]> | null = null;

/** definitions/workbench/claim-deadlines.json, read once (a missing or odd file names no deadlines). */
function deadlineSpecs(): Record<string, DeadlineSpec[]> {
  if (specs) return specs;
  const read: Record<string, DeadlineSpec[]> = {};
  try {
    const json = JSON.parse(
      readFileSync(join(definitionsDir(), 'workbench', 'claim-deadlines.json'), 'utf8'),
    ) as { deadlines?: Record<string, unknown> };
    for (const [id, list] of Object.entries(json.deadlines ?? {})) {
      if (!Array.isArray(list)) continue;
      read[id] = list.filter(
        (s): s is DeadlineSpec =>
          typeof s === 'object' &&
          s !== null &&
          typeof (s as DeadlineSpec).fact === 'string' &&
          typeof (s as DeadlineSpec).label === 'string',
      );
    }
  } catch {
    // No file: no claim has a deadline (the workbench shows "none").
  }
  specs = read;
  return read;
}

/**
 * The deadlines the stored evaluation `results` of an assessment of definition `assessmentType`
 * carries. With the definition's claim routes: the time limit of each route whose `when` holds
 * over the facts (a route the facts do not support, e.g. the non-resident surcharge refund for a
 * UK resident, has no deadline for this claim). Without routes (older versions): in the order
 * definitions/workbench/claim-deadlines.json lists them (the first is the claim's deadline).
 * Dates are the engine's; nothing is computed here.
 */
export function deadlinesOf(
  assessmentType: string,
  results: Record<string, unknown> | null,
  claims?: ClaimTemplates,
): ClaimDeadline[] {
  const facts = results?.facts;
  if (!facts || typeof facts !== 'object') return [];
  if (claims) {
    const routes = routeDeadlines(claims, facts as Record<string, unknown>);
    if (routes.length > 0) return routes;
  }
  const out: ClaimDeadline[] = [];
  for (const spec of deadlineSpecs()[assessmentType] ?? []) {
    const value = (facts as Record<string, unknown>)[spec.fact];
    if (typeof value === 'string' && ISO_DATE.test(value)) out.push({ date: value, label: spec.label });
  }
  return out;
}

/** A route as staff read it beside its date, as the draft's heading names it. */
function routeLabel(route: { title: string; legalBasis: string }): string {
  return `Claim for ${route.title} (${route.legalBasis})`;
}

/**
 * The routes open on the assessment's day, then the ones that open as each closes (the day after
 * the latest limit so far, as if the facts were read then), each with its time limit: for an SDLT
 * overpayment, amending the return and then overpayment relief. A route whose amount is nil never
 * opens, so it is not listed.
 */
function routeDeadlines(claims: ClaimTemplates, facts: Record<string, unknown>): ClaimDeadline[] {
  const out: ClaimDeadline[] = [];
  const seen = new Set<string>();
  let asOf = facts.asOf;
  for (let step = 0; step < 8 && typeof asOf === 'string'; step++) {
    const opened = claimRoutesFor(claims, { ...facts, asOf }).filter((r) => !seen.has(r.id));
    let latest: string | null = null;
    for (const route of opened) {
      seen.add(route.id);
      const date = facts[route.limit.fact];
      if (typeof date !== 'string' || !ISO_DATE.test(date)) continue;
      out.push({ date, label: routeLabel(route) });
      if (latest === null || date > latest) latest = date;
    }
    if (latest === null) break;
    const next = new Date(`${latest}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    asOf = next.toISOString().slice(0, 10);
  }
  return out;
}

/**
 * The claim's deadline: with the definition's claim routes, the time limit of the first route
 * whose `when` holds over the stored facts (the route the claim is filed under, e.g. amending
 * the SDLT return while its 12 months are open, not the 4-year overpayment relief that follows);
 * else the first date claim-deadlines.json lists, or null.
 */
export function claimDeadlineOf(
  assessmentType: string,
  results: Record<string, unknown> | null,
  claims?: ClaimTemplates,
): ClaimDeadline | null {
  const facts = results?.facts;
  if (claims && facts && typeof facts === 'object') {
    for (const route of claimRoutesFor(claims, facts as Record<string, unknown>)) {
      const date = (facts as Record<string, unknown>)[route.limit.fact];
      if (typeof date === 'string' && ISO_DATE.test(date)) return { date, label: routeLabel(route) };
    }
  }
  return deadlinesOf(assessmentType, results)[0] ?? null;
}
