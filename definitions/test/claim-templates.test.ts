// Claim templates (issue 30 §1): every template validates, the routes are chosen by the result's
// facts (one route per draft, never mixed), and a draft names what is missing in plain English.
import { describe, expect, it } from 'vitest';
import {
  buildClaimDraft,
  claimRoutesFor,
  evaluateAssessment,
  loadDefinition,
  type AssessmentDefinition,
} from '@reclaim/engine';
import { readDefinitionsFromDisk } from '@reclaim/definitions';
import sdltJson from '../assessments/sdlt_refund/v3.json';
import cgtJson from '../assessments/cgt_assessment/v4.json';
import ihtJson from '../assessments/inheritance_tax/v2.json';
import eisJson from '../assessments/eis_relief/v2.json';

const parameterSets = Object.values(readDefinitionsFromDisk().parameterSets);
const on = '2026-11-29';
const claim = { reference: 'RC-TEST-1', date: on };

type Json = { tests: { answers?: Record<string, unknown> }[] };
const answersOf = (json: unknown, i: number) => (json as Json).tests[i]?.answers ?? {};

async function routesFor(json: unknown, answers: Record<string, unknown>) {
  const definition = loadDefinition(json, { parameterSets });
  const evaluation = await evaluateAssessment({ definition, answers, asOf: on });
  return { definition, evaluation, routes: claimRoutesFor(definition.claims, evaluation.facts) };
}

function copyWith(json: unknown, change: (def: AssessmentDefinition) => void) {
  const copy = structuredClone(json) as AssessmentDefinition;
  change(copy);
  return () => loadDefinition(copy, { parameterSets });
}

describe('claim templates: validation', () => {
  it('every definition on disk with claim templates loads, each route with a declaration and a time limit', () => {
    const withClaims = readDefinitionsFromDisk().assessments.filter(
      (a) => (a.json as AssessmentDefinition).claims !== undefined,
    );
    expect([...new Set(withClaims.map((a) => (a.json as AssessmentDefinition).id))].sort()).toEqual([
      'cgt_assessment',
      'eis_relief',
      'inheritance_tax',
      'sdlt_refund',
    ]);
    for (const { json } of withClaims) {
      const def = loadDefinition(json, { parameterSets });
      for (const route of def.claims?.routes ?? []) {
        expect(route.items.some((i) => i.source === 'declaration' && i.kind === 'hard')).toBe(true);
        expect(route.items.some((i) => i.source === 'limit' && i.kind === 'hard')).toBe(true);
      }
    }
  });

  it('SDLT has the four routes, each with its own legal basis and limit fact', () => {
    const routes = (sdltJson as AssessmentDefinition).claims?.routes ?? [];
    expect(routes.map((r) => [r.id, r.legalBasis, r.limit.fact])).toEqual([
      ['sdlt_amend_return', 'Finance Act 2003 Schedule 10 paragraph 6', 'returnAmendDeadline'],
      [
        'sdlt_overpayment_relief',
        'Finance Act 2003 Schedule 10 paragraphs 34 to 34E',
        'overpaymentReliefDeadline',
      ],
      ['sdlt_higher_rates_refund', 'Finance Act 2003 Schedule 4ZA paragraph 8', 'higherRatesClaimBy'],
      ['sdlt_non_resident_refund', 'Finance Act 2003 Schedule 9A', 'nonResidentClaimBy'],
    ]);
  });

  it('refuses an unknown client field, a staff item on a section staff cannot edit, unknown facts and parameters', () => {
    const route = (def: AssessmentDefinition) => {
      const r = def.claims?.routes[0];
      if (!r) throw new Error('no route');
      return r;
    };
    expect(copyWith(sdltJson, (d) => (route(d).items[3]!.ref = 'passport'))).toThrow(
      /unknown client field "passport"/,
    );
    expect(
      copyWith(sdltJson, (d) => (route(d).items.find((i) => i.id === 'grounds')!.ref = 'claim')),
    ).toThrow(/"claim" is not an editable section/);
    expect(copyWith(sdltJson, (d) => (route(d).limit.fact = 'noSuchDate'))).toThrow(
      /unknown fact "noSuchDate"/,
    );
    expect(
      copyWith(sdltJson, (d) => (route(d).limit.parameter = { set: 'sdlt', key: 'no.such.window' })),
    ).toThrow(/unknown parameter "no.such.window"/);
    expect(copyWith(sdltJson, (d) => (route(d).sections[0]!.text = '{{client.passport}}'))).toThrow(
      /merge field reads unknown name "client.passport"/,
    );
    expect(copyWith(sdltJson, (d) => d.claims?.routes.push(structuredClone(route(d))))).toThrow(
      /duplicate claim route id/,
    );
  });
});

describe('claim templates: route selection by the facts', () => {
  it.each([
    [2, 'sdlt_amend_return'], // mixed use, bought 2026-05-21: the amendment window is open
    [6, 'sdlt_overpayment_relief'], // bought June 2025 (window closed), within 4 years
    [54, 'sdlt_non_resident_refund'],
    [60, 'sdlt_higher_rates_refund'],
  ])('SDLT embedded test %i → %s only', async (i, id) => {
    const { routes } = await routesFor(sdltJson, answersOf(sdltJson, i));
    expect(routes.map((r) => r.id)).toEqual([id]);
  });

  it('no route when nothing is overpaid (SDLT embedded test 0)', async () => {
    const { routes } = await routesFor(sdltJson, answersOf(sdltJson, 0));
    expect(routes).toEqual([]);
  });

  it('CGT on shares: overpayment relief, each disposal matched in the recomputation', async () => {
    const { evaluation, routes } = await routesFor(cgtJson, answersOf(cgtJson, 3));
    expect(routes.map((r) => r.id)).toEqual(['cgt_overpayment_relief']);
    const draft = buildClaimDraft({
      route: routes[0]!,
      facts: evaluation.facts,
      answers: evaluation.answers,
      client: {},
      staff: {},
      documents: [],
      declaration: null,
      claim,
    });
    const recomputation = draft.sections.find((s) => s.id === 'recomputation')?.text ?? '';
    expect(recomputation).toContain('25 March 2024 XYZ: 100 sold for £800, allowable cost £700, gain £100');
    expect(recomputation).toContain('30-day: 100 shares, cost £700');
    expect(draft.sections.find((s) => s.id === 'year_totals')?.text).toContain('2023-24: 1 disposals');
  });

  it('IHT: a repayment when more was paid than due; EIS: none once the relief was claimed', async () => {
    expect((await routesFor(ihtJson, answersOf(ihtJson, 31))).routes.map((r) => r.id)).toEqual([
      'iht_repayment',
    ]);
    expect((await routesFor(eisJson, answersOf(eisJson, 0))).routes.map((r) => r.id)).toEqual([
      'eis_seis_claim',
    ]);
    expect((await routesFor(eisJson, answersOf(eisJson, 24))).routes).toEqual([]);
  });
});

describe('a draft names what is missing', () => {
  it('SDLT amendment: incomplete without the UTRN, complete with every hard item, ready to sign before the declaration', async () => {
    const { evaluation, routes } = await routesFor(sdltJson, answersOf(sdltJson, 2));
    const base = {
      route: routes[0]!,
      facts: evaluation.facts,
      answers: evaluation.answers,
      staff: { grounds: 'The property was mixed use: non-residential rates apply (FA 2003 s55).' },
      documents: ['sdlt1_return'],
      claim,
    };
    const noUtrn = buildClaimDraft({ ...base, client: {}, declaration: null });
    expect(noUtrn.complete).toBe(false);
    expect(noUtrn.readyToSign).toBe(false);
    expect(noUtrn.missingHard).toEqual([
      'UTRN of the original return: ask the client',
      'Declaration: the client signs it in the portal once every other required item is in',
    ]);
    expect(noUtrn.warnGaps).toContain("Every purchaser's name and address: ask the client");
    expect(noUtrn.items.find((i) => i.id === 'utrn')).toMatchObject({ status: 'missing', kind: 'hard' });

    const unsigned = buildClaimDraft({ ...base, client: { utrn: '123456789MC' }, declaration: null });
    expect(unsigned.readyToSign).toBe(true);
    expect(unsigned.complete).toBe(false);

    const signed = buildClaimDraft({
      ...base,
      client: { utrn: '123456789MC' },
      declaration: { name: 'Ann Buyer', date: on },
    });
    expect(signed.complete).toBe(true);
    expect(signed.missingHard).toEqual([]);
    const letter = signed.sections.map((s) => s.text).join('\n');
    expect(letter).toContain('Finance Act 2003 Schedule 10 paragraph 6');
    expect(letter).toContain('UTRN) of the original return: 123456789MC');
    expect(letter).toContain('SDLT due on the correct basis: £4,500. Amount to be repaid: £500.');
    expect(letter).toContain('The last day for this claim is 4 June 2027.');
    expect(letter).toContain('Signed: Ann Buyer, 29 November 2026.');
    expect(signed.limit).toMatchObject({ date: '2027-06-04', inTime: true });
  });

  it('the limit item is missing once the claim is dated after the route’s last day', async () => {
    const { evaluation, routes } = await routesFor(sdltJson, answersOf(sdltJson, 2));
    const late = buildClaimDraft({
      route: routes[0]!,
      facts: evaluation.facts,
      answers: evaluation.answers,
      client: {},
      staff: {},
      documents: [],
      declaration: null,
      claim: { reference: 'RC-TEST-1', date: '2027-06-05' },
    });
    expect(late.items.find((i) => i.source === 'limit')?.status).toBe('missing');
    expect(late.missingHard).toContain('The time limit for this route has passed: this route cannot be used');
  });
});
