// A small, self-contained definition and parameter set for the engine's own tests
// (the real service definitions live in definitions/ and are tested there).
import type { AssessmentDefinition, ParameterSet } from '../../types';

export const miniParameters: ParameterSet = {
  id: 'mini',
  title: 'Mini parameters',
  sources: { S1: { title: 'Test source', url: 'https://example.org/s1' }, S2: { title: 'Second source' } },
  parameters: {
    'relief.rate': {
      description: 'Relief rate',
      unit: 'rate',
      values: [
        { from: '2020-04-06', to: '2024-04-05', value: 0.02, source: 'S1' },
        { from: '2024-04-06', to: null, value: 0.03, source: 'S2' },
      ],
    },
    'big.threshold': {
      description: 'Threshold by date',
      unit: 'GBP',
      values: [
        { from: '2016-01-01', to: '2024-10-29', value: 500000, source: 'S1' },
        { from: '2024-10-30', to: null, value: 400000, source: 'S1' },
      ],
    },
  },
};

const DOCS = [{ id: 'deed', name: 'Deed', description: 'The deed', required: true }];

export const miniDefinition: AssessmentDefinition = {
  id: 'mini_refund',
  serviceType: 'mini_refund',
  aliases: ['mini_alias'],
  version: 1,
  status: 'published',
  effectiveFrom: '2024-01-01',
  title: 'Mini refund',
  questionnaire: {
    questions: [
      {
        id: 'propertyType',
        question: 'What type of property?',
        type: 'radio',
        options: [
          { value: 'Residential', label: 'Residential' },
          { value: 'Mixed-Use', label: 'Mixed-Use' },
        ],
      },
      { id: 'purchaseDateQ', question: 'When did you buy it?', type: 'date' },
      { id: 'priceQ', question: 'Price?', type: 'currency', min: 0 },
      {
        id: 'hasAnnexeQ',
        question: 'Annexe?',
        type: 'radio',
        options: [
          { value: true, label: 'Yes' },
          { value: false, label: 'No' },
        ],
        condition: { all: [{ fact: 'propertyType', operator: 'equal', value: 'Residential' }] },
      },
      { id: 'ownersQ', question: 'How many owners?', type: 'number', min: 1, max: 20, optional: true },
    ],
  },
  inputs: [
    {
      name: 'propertyKind',
      kind: 'map',
      from: 'propertyType',
      map: { Residential: 'residential', 'Mixed-Use': 'mixed-use' },
    },
    { name: 'purchaseDate', kind: 'answer', from: 'purchaseDateQ' },
    { name: 'purchaseValue', kind: 'number', from: 'priceQ' },
    { name: 'hasAnnexe', kind: 'answer', from: 'hasAnnexeQ' },
    { name: 'owners', kind: 'number', from: 'ownersQ' },
    { name: 'cutoff12', kind: 'addMonths', from: 'asOf', months: -12 },
    { name: 'monthsAgo', kind: 'monthsSince', from: 'purchaseDate' },
    { name: 'taxYear', kind: 'taxYear', from: 'purchaseDate' },
    {
      name: 'ownerBand',
      kind: 'cases',
      cases: [
        { when: { all: [{ fact: 'owners', operator: 'greaterThan', value: 5 }] }, value: 'many' },
        { when: { all: [{ fact: 'owners', operator: 'greaterThan', value: 1 }] }, value: 'some' },
      ],
      default: 'one',
    },
  ],
  parameters: [
    { name: 'reliefRate', set: 'mini', key: 'relief.rate', by: 'taxYear', dateFact: 'purchaseDate' },
    { name: 'bigThreshold', set: 'mini', key: 'big.threshold', by: 'date', dateFact: 'purchaseDate' },
  ],
  calculations: [
    {
      id: 'relief',
      description: 'Relief at the dated rate',
      expr: { op: 'multiply', args: [{ fact: 'purchaseValue' }, { param: 'reliefRate' }] },
      unit: 'GBP',
    },
  ],
  lists: [
    {
      id: 'notes',
      description: 'Notes',
      rules: [
        {
          id: 'note-big',
          description: 'Big purchase',
          conditions: {
            all: [
              { fact: 'purchaseValue', operator: 'greaterThanInclusive', value: { fact: 'bigThreshold' } },
            ],
          },
          item: 'Big purchase',
        },
        {
          id: 'note-annexe',
          description: 'Annexe',
          conditions: { all: [{ fact: 'hasAnnexe', operator: 'equal', value: true }] },
          item: 'Annexe',
        },
      ],
    },
  ],
  eligibility: {
    factors: [
      { id: 'date', description: 'Purchase date', max: 40 },
      { id: 'type', description: 'Property type', max: 30 },
      { id: 'extras', description: 'Extras', max: 30, aggregate: 'sum' },
    ],
    rules: [
      {
        id: 'date-12',
        factor: 'date',
        points: 40,
        description: 'Bought within 12 months',
        reason: 'Recent purchase',
        conditions: {
          all: [{ fact: 'purchaseDate', operator: 'dateOnOrAfter', value: { fact: 'cutoff12' } }],
        },
      },
      {
        id: 'date-36',
        factor: 'date',
        points: 20,
        description: 'Bought within 36 months',
        reason: 'Purchase within 3 years',
        conditions: { all: [{ fact: 'monthsAgo', operator: 'lessThan', value: 36 }] },
      },
      {
        id: 'type-mixed',
        factor: 'type',
        points: 30,
        description: 'Mixed use',
        reason: 'Mixed-use property',
        conditions: { all: [{ fact: 'propertyKind', operator: 'equal', value: 'mixed-use' }] },
      },
      {
        id: 'type-res',
        factor: 'type',
        points: 10,
        description: 'Residential',
        reason: 'Residential property',
        conditions: { all: [{ fact: 'propertyKind', operator: 'equal', value: 'residential' }] },
      },
      {
        id: 'extra-annexe',
        factor: 'extras',
        points: 20,
        description: 'Annexe',
        reason: 'Annexe',
        conditions: { all: [{ fact: 'hasAnnexe', operator: 'equal', value: true }] },
      },
      {
        id: 'extra-value',
        factor: 'extras',
        points: 20,
        description: 'Value over 250k',
        reason: 'High value',
        conditions: { all: [{ fact: 'purchaseValue', operator: 'greaterThan', value: 250000 }] },
      },
    ],
    bands: [
      { likelihood: 'Likely', min: 75 },
      { likelihood: 'Possible', min: 40 },
    ],
    otherwise: 'Unlikely',
    confidence: { inputs: ['propertyKind', 'purchaseDate', 'purchaseValue', 'hasAnnexe'], divisor: 5 },
  },
  complexity: {
    flags: [
      {
        id: 'mixedUse',
        description: 'Mixed use',
        weight: 4,
        conditions: { all: [{ fact: 'propertyKind', operator: 'equal', value: 'mixed-use' }] },
      },
      {
        id: 'owners',
        description: 'Several owners',
        weight: 4,
        tiers: [
          {
            weight: 2,
            description: 'More than one owner',
            conditions: { all: [{ fact: 'owners', operator: 'greaterThan', value: 1 }] },
          },
          {
            weight: 4,
            description: 'More than five owners',
            conditions: { all: [{ fact: 'owners', operator: 'greaterThan', value: 5 }] },
          },
        ],
      },
      {
        id: 'highValue',
        description: 'Value over 1m',
        weight: 2,
        conditions: { all: [{ fact: 'purchaseValue', operator: 'greaterThan', value: 1000000 }] },
      },
    ],
    levels: [
      { level: 'High', min: 70 },
      { level: 'Medium', min: 40 },
    ],
    otherwise: 'Low',
    counts: [{ name: 'heavyFlags', minWeight: 4 }],
    potential: {
      key: 'potentialRefund',
      low: {
        op: 'multiply',
        args: [{ fact: 'purchaseValue' }, 0.01, { op: 'divide', args: [{ fact: 'eligibilityScore' }, 100] }],
      },
      medium: {
        op: 'multiply',
        args: [{ fact: 'purchaseValue' }, 0.02, { op: 'divide', args: [{ fact: 'eligibilityScore' }, 100] }],
      },
      high: {
        op: 'multiply',
        args: [{ fact: 'purchaseValue' }, 0.03, { op: 'divide', args: [{ fact: 'eligibilityScore' }, 100] }],
      },
    },
  },
  value: {
    valueType: 'refund',
    selections: [
      {
        id: 'rate',
        description: 'Refund rate',
        mode: 'first',
        rules: [
          {
            id: 'rate-mixed',
            description: 'Mixed use 4%',
            conditions: { all: [{ fact: 'propertyKind', operator: 'equal', value: 'mixed-use' }] },
            value: 0.04,
          },
          {
            id: 'rate-annexe',
            description: 'Annexe 2%',
            conditions: { all: [{ fact: 'hasAnnexe', operator: 'equal', value: true }] },
            value: 0.02,
          },
        ],
        default: 0.01,
      },
      {
        id: 'likelihoodFactor',
        description: 'Likelihood factor',
        mode: 'first',
        rules: [
          {
            id: 'lf-likely',
            description: 'Likely',
            conditions: { all: [{ fact: 'likelihood', operator: 'equal', value: 'Likely' }] },
            value: 1,
          },
          {
            id: 'lf-possible',
            description: 'Possible',
            conditions: { all: [{ fact: 'likelihood', operator: 'equal', value: 'Possible' }] },
            value: 0.7,
          },
        ],
        default: 0.3,
      },
    ],
    calculations: [
      {
        id: 'baseRefund',
        description: 'Value × rate',
        expr: { op: 'multiply', args: [{ fact: 'purchaseValue' }, { fact: 'rate' }] },
        unit: 'GBP',
      },
    ],
    median: {
      op: 'round',
      args: [{ op: 'multiply', args: [{ fact: 'baseRefund' }, { fact: 'likelihoodFactor' }] }],
    },
    low: { op: 'round', args: [{ op: 'multiply', args: [{ fact: 'valueMedian' }, 0.7] }] },
    high: { op: 'round', args: [{ op: 'multiply', args: [{ fact: 'valueMedian' }, 1.3] }] },
    confidenceByLikelihood: { Likely: 'Medium', Possible: 'Low', Unlikely: 'Very Low' },
    factors: [{ label: 'Refund rate', value: { fact: 'rate' }, unit: 'ratio' }],
  },
  approach: {
    rules: [
      {
        id: 'unlikely',
        description: 'Unlikely is not recommended',
        serviceApproach: 'Not Recommended',
        approachRationale: 'Unlikely to succeed',
        conditions: { all: [{ fact: 'likelihood', operator: 'equal', value: 'Unlikely' }] },
      },
      {
        id: 'high-small',
        description: 'High and small',
        serviceApproach: 'Consultancy Fee',
        approachRationale: 'Complex, small',
        conditions: {
          all: [
            { fact: 'complexityLevel', operator: 'equal', value: 'High' },
            { fact: 'potentialMedium', operator: 'lessThan', value: 10000 },
          ],
        },
      },
      {
        id: 'high-heavy',
        description: 'High with heavy flags',
        serviceApproach: 'Specialist Referral',
        approachRationale: 'Specialist',
        conditions: {
          all: [
            { fact: 'complexityLevel', operator: 'equal', value: 'High' },
            { fact: 'heavyFlags', operator: 'greaterThanInclusive', value: 2 },
          ],
        },
      },
      {
        id: 'likely',
        description: 'Likely and not High',
        serviceApproach: 'No-Win No-Fee',
        approachRationale: 'Good case',
        conditions: {
          all: [
            { fact: 'likelihood', operator: 'equal', value: 'Likely' },
            { fact: 'complexityLevel', operator: 'notEqual', value: 'High' },
          ],
        },
      },
    ],
    otherwise: { serviceApproach: 'Consultancy Fee', approachRationale: 'Default' },
  },
  recommendation: {
    summary: {
      Likely: 'Likely refund of about {{valueMedian|currency}} (score {{eligibilityScore}}).',
      Possible: 'Possible refund of about {{valueMedian|currency}}.',
      Unlikely: 'Unlikely.',
    },
    actionPlans: {
      'No-Win No-Fee': [
        {
          step: 1,
          title: 'Start',
          description: 'We start for {{purchaseValue|currency}}',
          estimatedTime: '15-30 minutes',
        },
      ],
      'Consultancy Fee': [
        { step: 1, title: 'Consult', description: 'Paid consult', estimatedTime: '30-45 minutes' },
      ],
      'Specialist Referral': [
        { step: 1, title: 'Refer', description: 'Introduction', estimatedTime: '1-2 business days' },
      ],
      'Not Recommended': [
        { step: 1, title: 'Alternatives', description: 'Look at alternatives', estimatedTime: '15 minutes' },
      ],
    },
    nextSteps: {
      'No-Win No-Fee': ['Upload documents'],
      'Consultancy Fee': ['Book a consult'],
      'Specialist Referral': ['Wait for the specialist'],
      'Not Recommended': ['Consider alternatives'],
    },
    documentRequirements: {
      base: DOCS,
      byApproach: {
        'Consultancy Fee': [{ id: 'plans', name: 'Plans', description: 'Plans', required: false }],
      },
    },
    text: [
      { heading: 'Summary', paragraphs: ['Rate {{rate|rate}}, notes: {{notes|list}}.'] },
      {
        heading: 'Big',
        paragraphs: ['Over the threshold of {{bigThreshold|currency}}.'],
        when: { all: [{ fact: 'notes', operator: 'contains', value: 'Big purchase' }] },
      },
    ],
  },
  resultFields: {
    mini_eligible: { from: 'eligibility.likelihood', in: ['Likely', 'Possible'] },
    mini_complexity_out_of_10: { from: 'complexity.complexityScore', scale: 0.1, decimals: 1 },
    mini_refund: { from: 'value.estimates.median' },
    mini_notes: { from: 'lists.notes' },
    mini_relief: { from: 'facts.relief', decimals: 2 },
  },
  tests: [
    {
      name: 'Recent mixed-use purchase is Likely',
      answers: { propertyType: 'Mixed-Use', purchaseDateQ: '2024-09-01', priceQ: 600000 },
      asOf: '2025-06-01',
      expect: {
        'eligibility.score': 90,
        'eligibility.likelihood': 'Likely',
        'value.estimates.median': 24000,
      },
    },
    {
      name: 'Deliberately wrong expectation',
      answers: { propertyType: 'Residential' },
      asOf: '2025-06-01',
      expect: { 'eligibility.score': 99 },
    },
  ],
};
