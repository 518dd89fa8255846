// Question visibility, by question (GOV.UK smart-answers style): given these answers, the question
// is or is not shown. The spec's conditional questions (eligibility spec section 4) and every
// conditional question the definitions add, run against the real definition files; each case is
// checked in the engine (visibleQuestions) and in the SurveyJS model the questionnaire screen runs.
import { readdirSync, readFileSync } from 'node:fs';
import { Model } from 'survey-core';
import { describe, expect, it } from 'vitest';
import { toSurveyJson, visibleQuestions, type AssessmentDefinition } from '@reclaim/engine';

function load(id: string, version = 1): AssessmentDefinition {
  return JSON.parse(
    readFileSync(new URL(`../assessments/${id}/v${version}.json`, import.meta.url), 'utf8'),
  ) as AssessmentDefinition;
}

const definitions: Record<string, AssessmentDefinition> = {
  patent_box: load('patent_box'),
  rd_tax_credits: load('rd_tax_credits'),
  cgt_assessment: load('cgt_assessment'),
  business_rates_appeals: load('business_rates_appeals'),
  sdlt_refund: load('sdlt_refund', 2),
  'sdlt_refund@3': load('sdlt_refund', 3),
  'rd_tax_credits@4': load('rd_tax_credits', 4),
  'business_rates_appeals@3': load('business_rates_appeals', 3),
  // a later version's own questions: `id@version`
  'cgt_assessment@2': load('cgt_assessment', 2),
  'cgt_assessment@3': load('cgt_assessment', 3),
  inheritance_tax: load('inheritance_tax'),
  'inheritance_tax@2': load('inheritance_tax', 2),
  eis_relief: load('eis_relief'),
  'eis_relief@2': load('eis_relief', 2),
};

type Answers = Record<string, unknown>;

/** Shown by the engine, and the SurveyJS model agrees. */
function shown(definitionId: string, questionId: string, answers: Answers): boolean {
  const definition = definitions[definitionId];
  if (definition === undefined) throw new Error(`no definition ${definitionId}`);
  if (!definition.questionnaire.questions.some((q) => q.id === questionId)) {
    throw new Error(`${definitionId} has no question ${questionId}`);
  }
  const engine = visibleQuestions(definition, answers).some((q) => q.id === questionId);
  const model = new Model(toSurveyJson(definition));
  model.data = answers;
  const survey = model.getQuestionByName(questionId)?.isVisible === true;
  expect(survey, `SurveyJS visibility of ${questionId} for ${JSON.stringify(answers)}`).toBe(engine);
  return engine;
}

const covered = new Set<string>();
/** One question's cases: each row is [answers, shown?]. */
function question(definitionId: string, questionId: string, rows: [string, Answers, boolean][]): void {
  covered.add(`${definitionId.replace(/@\d+$/, '')}.${questionId}`);
  describe(`${definitionId}: ${questionId}`, () => {
    it.each(rows)('%s', (_given, answers, expected) => {
      expect(shown(definitionId, questionId, answers)).toBe(expected);
    });
  });
}

const CGT_ASSETS = [
  'main_residential_property',
  'other_residential_property',
  'non_residential_property',
  'uk_listed_shares',
  'business_shares',
  'business_assets_sole_trader',
  'crypto_assets',
  'personal_possessions',
  'foreign_asset',
  'other',
];
const assetRows = (shownFor: string[], extra: Answers = {}): [string, Answers, boolean][] => [
  ...CGT_ASSETS.map((asset): [string, Answers, boolean] => [
    `asset ${asset}`,
    { assetTypeCGT: asset, ...extra },
    shownFor.includes(asset),
  ]),
  ['asset type not answered', { ...extra }, false],
];

// --- Patent box -----------------------------------------------------------------------------
for (const id of ['patentJurisdiction', 'patentAcquired']) {
  question('patent_box', id, [
    ['hasPatents Yes', { hasPatents: true }, true],
    ['hasPatents No', { hasPatents: false }, false],
    ['hasPatents not answered', {}, false],
    [
      'hasPatents No, with an earlier answer left over',
      { hasPatents: false, patentJurisdiction: 'uk', patentAcquired: true },
      false,
    ],
  ]);
}

// --- R&D ----------------------------------------------------------------------------------
question('rd_tax_credits', 'technicalUncertaintyRDC', [
  ['goal advancement', { projectGoalRDC: 'advancement' }, true],
  ['goal routine', { projectGoalRDC: 'routine' }, false],
  ['goal other', { projectGoalRDC: 'other' }, false],
  ['goal not answered', {}, false],
]);
question('rd_tax_credits', 'rdIntensiveRDC', [
  ['SME, loss-making', { companySizeRDC: 'sme', isProfitableRDC: false }, true],
  ['SME, profitable', { companySizeRDC: 'sme', isProfitableRDC: true }, false],
  ['large, loss-making', { companySizeRDC: 'large', isProfitableRDC: false }, false],
  ['size not sure, loss-making', { companySizeRDC: 'notsure', isProfitableRDC: false }, false],
  ['SME, profitability not answered', { companySizeRDC: 'sme' }, false],
]);

// --- CGT ----------------------------------------------------------------------------------
question(
  'cgt_assessment',
  'isMainHomeCGT',
  assetRows(['main_residential_property', 'other_residential_property']),
);
question('cgt_assessment', 'isTradingCompanySharesCGT', assetRows(['business_shares']));
for (const id of ['shareholdingPercentageCGT', 'isEmployeeOrOfficerCGT']) {
  question('cgt_assessment', id, [
    [
      'business shares, trading company Yes',
      { assetTypeCGT: 'business_shares', isTradingCompanySharesCGT: true },
      true,
    ],
    [
      'business shares, trading company No',
      { assetTypeCGT: 'business_shares', isTradingCompanySharesCGT: false },
      false,
    ],
    ['business shares, trading not answered', { assetTypeCGT: 'business_shares' }, false],
    [
      'listed shares, trading Yes left over from business shares',
      { assetTypeCGT: 'uk_listed_shares', isTradingCompanySharesCGT: true },
      false,
    ],
    [
      'sole trader assets, trading Yes left over',
      { assetTypeCGT: 'business_assets_sole_trader', isTradingCompanySharesCGT: true },
      false,
    ],
  ]);
}
question('cgt_assessment', 'isBusinessCeasingCGT', assetRows(['business_assets_sole_trader']));
question(
  'cgt_assessment',
  'isUkLandCGT',
  assetRows(['main_residential_property', 'other_residential_property', 'non_residential_property']),
);
question('cgt_assessment', 'isForeignResidentialCGT', assetRows(['foreign_asset']));
// v2: the completion date starts the UK property return's 30/60 days
question('cgt_assessment@2', 'completionDateCGT', [
  ...assetRows(['main_residential_property', 'other_residential_property', 'non_residential_property'], {
    isUkLandCGT: true,
  }),
  [
    'residential property outside the UK',
    { assetTypeCGT: 'other_residential_property', isUkLandCGT: false },
    false,
  ],
  ['property, UK not answered', { assetTypeCGT: 'main_residential_property' }, false],
]);
question('cgt_assessment', 'monthsLivedInCGT', [
  ['main home, partially', { assetTypeCGT: 'main_residential_property', isMainHomeCGT: 'Partially' }, true],
  [
    'other residential, partially',
    { assetTypeCGT: 'other_residential_property', isMainHomeCGT: 'Partially' },
    true,
  ],
  ['main home, Yes', { assetTypeCGT: 'main_residential_property', isMainHomeCGT: 'Yes' }, false],
  ['main home, No', { assetTypeCGT: 'main_residential_property', isMainHomeCGT: 'No' }, false],
  [
    'main home, Not Applicable',
    { assetTypeCGT: 'main_residential_property', isMainHomeCGT: 'Not Applicable' },
    false,
  ],
  ['shares, partially left over', { assetTypeCGT: 'business_shares', isMainHomeCGT: 'Partially' }, false],
]);
question('cgt_assessment', 'businessCeasedDateCGT', [
  [
    'sole trader assets, business ceasing',
    { assetTypeCGT: 'business_assets_sole_trader', isBusinessCeasingCGT: true },
    true,
  ],
  [
    'sole trader assets, not ceasing',
    { assetTypeCGT: 'business_assets_sole_trader', isBusinessCeasingCGT: false },
    false,
  ],
  ['other asset, ceasing left over', { assetTypeCGT: 'other', isBusinessCeasingCGT: true }, false],
]);
question('cgt_assessment', 'badrUsedCGT', [
  ['trading company shares', { assetTypeCGT: 'business_shares', isTradingCompanySharesCGT: true }, true],
  [
    'non-trading company shares',
    { assetTypeCGT: 'business_shares', isTradingCompanySharesCGT: false },
    false,
  ],
  [
    'sole trader assets, business ceasing',
    { assetTypeCGT: 'business_assets_sole_trader', isBusinessCeasingCGT: true },
    true,
  ],
  [
    'sole trader assets, not ceasing',
    { assetTypeCGT: 'business_assets_sole_trader', isBusinessCeasingCGT: false },
    false,
  ],
  [
    'main home with left-over business answers',
    {
      assetTypeCGT: 'main_residential_property',
      isTradingCompanySharesCGT: true,
      isBusinessCeasingCGT: true,
    },
    false,
  ],
]);
for (const id of ['broughtForwardLossesCGT', 'currentYearLossesCGT']) {
  question('cgt_assessment', id, [
    ['has previous losses Yes', { hasPreviousLossesCGT: true }, true],
    ['has previous losses No', { hasPreviousLossesCGT: false }, false],
    ['not answered', {}, false],
  ]);
}

// v3: share and cryptoasset trades in a table, instead of one sale's figures
const TRADES = { assetTypeCGT: 'uk_listed_shares', hasShareTradesCGT: true };
question('cgt_assessment@3', 'hasShareTradesCGT', assetRows(['uk_listed_shares', 'crypto_assets']));
question('cgt_assessment@3', 'shareTradesCGT', [
  ['listed shares, trades Yes', TRADES, true],
  ['cryptoassets, trades Yes', { assetTypeCGT: 'crypto_assets', hasShareTradesCGT: true }, true],
  ['listed shares, trades No', { assetTypeCGT: 'uk_listed_shares', hasShareTradesCGT: false }, false],
  ['listed shares, trades not answered', { assetTypeCGT: 'uk_listed_shares' }, false],
  [
    'property, trades Yes left over',
    { assetTypeCGT: 'main_residential_property', hasShareTradesCGT: true },
    false,
  ],
  ['nothing answered: trades given on their own (the evaluate CLI)', {}, true],
]);
for (const id of [
  'disposalDateCGT',
  'disposalProceedsCGT',
  'acquisitionDateCGT',
  'acquisitionCostCGT',
  'allowableExpensesCGT',
  'annualExemptAmountCGT',
]) {
  question('cgt_assessment@3', id, [
    ['listed shares, trades', TRADES, false],
    ['listed shares, one sale', { assetTypeCGT: 'uk_listed_shares', hasShareTradesCGT: false }, true],
    ['property', { assetTypeCGT: 'other_residential_property' }, true],
    [
      'property, trades Yes left over',
      { assetTypeCGT: 'other_residential_property', hasShareTradesCGT: true },
      true,
    ],
  ]);
}
question('cgt_assessment@3', 'currentYearLossesCGT', [
  ['losses Yes', { hasPreviousLossesCGT: true }, true],
  ['losses Yes, trades', { ...TRADES, hasPreviousLossesCGT: true }, false],
  ['losses No', { hasPreviousLossesCGT: false }, false],
]);

// --- SDLT (v2) ------------------------------------------------------------------------------
question('sdlt_refund', 'dwellingCountSDR', [
  ['more than one dwelling Yes', { multipleDwellingsSDR: true }, true],
  ['more than one dwelling No', { multipleDwellingsSDR: false }, false],
  ['not answered', {}, false],
]);

// --- SDLT (v3): the refunds of the surcharges, asked only when the surcharge was paid -------
question('sdlt_refund@3', 'daysInUkAfterSDR', [
  ['non-UK resident Yes', { nonUkResidentSDR: true }, true],
  ['non-UK resident No', { nonUkResidentSDR: false }, false],
  ['not answered', {}, false],
]);
question('sdlt_refund@3', 'replacingMainHomeSDR', [
  ['another home Yes', { additionalPropertySDR: true }, true],
  ['another home No', { additionalPropertySDR: false }, false],
  ['not answered', {}, false],
]);
question('sdlt_refund@3', 'previousHomeSaleDateSDR', [
  ['replacing a main home', { additionalPropertySDR: true, replacingMainHomeSDR: true }, true],
  ['not replacing one', { additionalPropertySDR: true, replacingMainHomeSDR: false }, false],
  // hidden with the question that shows it, whatever its own answer says
  ['no other home', { additionalPropertySDR: false, replacingMainHomeSDR: true }, false],
  ['not answered', {}, false],
]);
question('sdlt_refund@3', 'dwellingCountSDR', [
  ['more than one dwelling Yes', { multipleDwellingsSDR: true }, true],
  ['more than one dwelling No', { multipleDwellingsSDR: false }, false],
]);

// --- R&D (v4): claimed in the last 3 years, asked only when it is not a first claim --------
question('rd_tax_credits@4', 'claimedInLast3YearsRDC', [
  ['first claim No', { firstTimeClaimRDC: false }, true],
  ['first claim Yes', { firstTimeClaimRDC: true }, false],
  ['not answered', {}, false],
]);

// --- Business rates -----------------------------------------------------------------------
question('business_rates_appeals', 'multipleAuthoritiesBR', [
  ['2 properties', { propertyCountBR: 2 }, true],
  ['1 property', { propertyCountBR: 1 }, false],
  ['count not answered', {}, false],
]);

// --- Business rates (v3): the decision dates of Check, Challenge, Appeal ------------------
question('business_rates_appeals@3', 'checkDecisionDateBR', [
  ['Check decided', { ccaStageBR: 'check_decided' }, true],
  ['Challenge decided', { ccaStageBR: 'challenge_decided' }, false],
  ['not started', { ccaStageBR: 'not_started' }, false],
  ['not answered', {}, false],
]);
question('business_rates_appeals@3', 'challengeDecisionDateBR', [
  ['Challenge decided', { ccaStageBR: 'challenge_decided' }, true],
  ['Check decided', { ccaStageBR: 'check_decided' }, false],
  ['not answered', {}, false],
]);
question('business_rates_appeals@3', 'multipleAuthoritiesBR', [
  ['2 properties', { propertyCountBR: 2 }, true],
  ['1 property', { propertyCountBR: 1 }, false],
]);

// --- Inheritance tax ------------------------------------------------------------------------
for (const id of ['deathDateIHT', 'ihtPaidIHT']) {
  question('inheritance_tax', id, [
    ['an estate after a death', { situationIHT: 'estate' }, true],
    ['planning', { situationIHT: 'planning' }, false],
    ['not answered', {}, false],
  ]);
}
question('inheritance_tax', 'homeValueIHT', [
  ['a home to children or grandchildren', { homeToDescendantsIHT: true }, true],
  ['no home to them', { homeToDescendantsIHT: false }, false],
  ['not answered', {}, false],
]);
for (const id of ['giftsValueIHT', 'giftsYearsIHT']) {
  question('inheritance_tax', id, [
    ['gifts in the 7 years', { giftsIHT: true }, true],
    ['no gifts', { giftsIHT: false }, false],
    ['not answered', {}, false],
  ]);
}

// v2: a late spouse's bands by percentage, the residence band's by the date of that death
for (const id of ['lateSpouseNrbUnusedIHT', 'lateSpouseDeathDateIHT']) {
  question('inheritance_tax@2', id, [
    ['a late husband, wife or civil partner', { lateSpouseIHT: true }, true],
    ['none', { lateSpouseIHT: false }, false],
    ['not answered', {}, false],
  ]);
}
question('inheritance_tax@2', 'lateSpouseRnrbUnusedIHT', [
  ['died on 6 April 2017', { lateSpouseIHT: true, lateSpouseDeathDateIHT: '2017-04-06' }, true],
  ['died on 5 April 2017', { lateSpouseIHT: true, lateSpouseDeathDateIHT: '2017-04-05' }, false],
  ['date not answered', { lateSpouseIHT: true }, false],
  ['no late spouse', { lateSpouseIHT: false, lateSpouseDeathDateIHT: '2019-01-01' }, false],
]);
question('inheritance_tax@2', 'lateSpouseEstateIHT', [
  ['died on 5 April 2017', { lateSpouseIHT: true, lateSpouseDeathDateIHT: '2017-04-05' }, true],
  ['died on 6 April 2017', { lateSpouseIHT: true, lateSpouseDeathDateIHT: '2017-04-06' }, false],
  ['date not answered', { lateSpouseIHT: true }, false],
]);
question('inheritance_tax@2', 'giftsTableIHT', [
  ['gifts in the 7 years', { giftsIHT: true }, true],
  ['no gifts', { giftsIHT: false }, false],
  ['not answered', {}, false],
]);
// the date of the (last) payment, for the 4-year repayment claim window (IHTA 1984 s241)
question('inheritance_tax@2', 'ihtPaidDateIHT', [
  ['an estate with tax paid', { situationIHT: 'estate', ihtPaidIHT: 1 }, true],
  ['an estate with nothing paid', { situationIHT: 'estate', ihtPaidIHT: 0 }, false],
  ['an estate, amount paid not answered', { situationIHT: 'estate' }, false],
  ['planning', { situationIHT: 'planning', ihtPaidIHT: 1000 }, false],
]);
for (const id of ['relief100ValueIHT', 'relief50ValueIHT']) {
  question('inheritance_tax@2', id, [
    ['business or farm property', { businessAssetsIHT: true }, true],
    ['none', { businessAssetsIHT: false }, false],
    ['not answered', {}, false],
  ]);
}

// --- EIS and SEIS ---------------------------------------------------------------------------
question('eis_relief', 'knowledgeIntensiveEIS', [
  ['EIS', { schemeEIS: 'eis' }, true],
  ['SEIS', { schemeEIS: 'seis' }, false],
  ['not answered', {}, false],
]);
question('eis_relief', 'gainAmountEIS', [
  ['a gain', { hasGainEIS: true }, true],
  ['no gain', { hasGainEIS: false }, false],
  ['not answered', {}, false],
]);
// v2: the gain's date and kind set its rate; the year before's bill only for a carry-back
for (const id of ['gainDateEIS', 'gainKindEIS']) {
  question('eis_relief@2', id, [
    ['a gain', { hasGainEIS: true }, true],
    ['no gain', { hasGainEIS: false }, false],
    ['not answered', {}, false],
  ]);
}
question('eis_relief@2', 'lastYearTaxEIS', [
  ['carry back', { carryBackEIS: true }, true],
  ['no carry-back', { carryBackEIS: false }, false],
  ['not answered', {}, false],
]);

// --- Questions always shown ---------------------------------------------------------------
describe('questions without a condition are always shown', () => {
  it.each([
    ['patent_box', 'hasPatents'],
    ['patent_box', 'patentIncome'],
    ['rd_tax_credits', 'projectGoalRDC'],
    ['cgt_assessment', 'assetTypeCGT'],
    ['cgt_assessment', 'isNonResidentCGT'],
    ['sdlt_refund', 'reasonForRefundSDR'],
  ])('%s: %s', (definitionId, questionId) => {
    expect(shown(definitionId, questionId, {})).toBe(true);
  });
});

describe('coverage', () => {
  it('every conditional question of every definition has its cases above', () => {
    const dir = new URL('../assessments/', import.meta.url);
    const folders = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    const conditional = folders.flatMap((id) => {
      const files = readdirSync(new URL(`${id}/`, dir)).filter((f) => /^v\d+\.json$/.test(f));
      return files.flatMap((f) => {
        const d = JSON.parse(readFileSync(new URL(`${id}/${f}`, dir), 'utf8')) as AssessmentDefinition;
        return d.questionnaire.questions
          .filter((q) => q.condition !== undefined)
          .map((q) => `${d.id}.${q.id}`);
      });
    });
    expect([...new Set(conditional)].filter((id) => !covered.has(id))).toEqual([]);
  });
});
