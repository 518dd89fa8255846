import { describe, expect, it } from 'vitest';
import type { Question } from '../types';
import { validateAnswer } from './validate-answer';

const yesNo: Question = {
  id: 'q',
  question: 'Q?',
  type: 'radio',
  options: [
    { value: true, label: 'Yes' },
    { value: false, label: 'No' },
  ],
};
const proceeds: Question = { id: 'disposalProceedsCGT', question: 'Proceeds', type: 'currency', min: 0 };
const share: Question = {
  id: 'shareholdingPercentageCGT',
  question: 'Share %',
  type: 'number',
  min: 0,
  max: 100,
};
const date: Question = { id: 'd', question: 'Date', type: 'date', placeholder: 'YYYY-MM-DD' };
const costs: Question = {
  id: 'c',
  question: 'Costs',
  type: 'checkbox',
  options: [
    { value: 'staff', label: 'Staff' },
    { value: 'software', label: 'Software' },
  ],
};
const size: Question = {
  id: 's',
  question: 'Size',
  type: 'select',
  options: [
    { value: 'sme', label: 'SME' },
    { value: 'large', label: 'Large' },
  ],
};
const reason: Question = { id: 'reasonForRefundSDR', question: 'Why?', type: 'text', optional: true };

describe('validateAnswer: required', () => {
  it.each([undefined, null, '', '   ', []])(
    'rejects %j for a required question with the spec warning',
    (v) => {
      expect(validateAnswer(yesNo, v)).toBe('Please complete all required fields before proceeding');
      expect(validateAnswer(costs, v)).toBe('Please complete all required fields before proceeding');
    },
  );
  it('an optional question may be left blank (reasonForRefundSDR)', () => {
    expect(validateAnswer(reason, undefined)).toBeNull();
    expect(validateAnswer(reason, '')).toBeNull();
    expect(validateAnswer(reason, 'Bought with an annexe')).toBeNull();
  });
});

describe('validateAnswer: numbers and amounts', () => {
  it('min 0 on amounts', () => {
    expect(validateAnswer(proceeds, 0)).toBeNull();
    expect(validateAnswer(proceeds, 250000)).toBeNull();
    expect(validateAnswer(proceeds, '250000')).toBeNull();
    expect(validateAnswer(proceeds, -1)).toBe('Enter an amount of £0 or more');
    expect(validateAnswer(proceeds, 'lots')).toBe('Enter an amount in pounds, like 25000');
  });
  it('a whole-number question refuses fractions (dwellingCountSDR: integer, 2 or more)', () => {
    const dwellings: Question = {
      id: 'dwellingCountSDR',
      question: 'How many?',
      type: 'number',
      integer: true,
      min: 2,
    };
    expect(validateAnswer(dwellings, 2)).toBeNull();
    expect(validateAnswer(dwellings, '6')).toBeNull();
    expect(validateAnswer(dwellings, 2.5)).toBe('Enter a whole number, like 3');
    expect(validateAnswer(dwellings, 1)).toBe('Enter a number of 2 or more');
    expect(validateAnswer(share, 12.5)).toBeNull();
  });

  it('shareholding percentage is 0 to 100', () => {
    expect(validateAnswer(share, 0)).toBeNull();
    expect(validateAnswer(share, 100)).toBeNull();
    expect(validateAnswer(share, 100.5)).toBe('Enter a number between 0 and 100');
    expect(validateAnswer(share, -0.1)).toBe('Enter a number between 0 and 100');
    expect(validateAnswer(share, Number.NaN)).toBe('Enter a number, like 25000');
  });
  it('a maximum alone, with thousands separators', () => {
    expect(validateAnswer({ id: 'm', question: 'M', type: 'currency', max: 1500000 }, 1500001)).toBe(
      'Enter an amount of £1,500,000 or less',
    );
  });
});

describe('validateAnswer: dates', () => {
  it('accepts real calendar dates only', () => {
    expect(validateAnswer(date, '2024-02-29')).toBeNull();
    for (const impossible of ['2023-02-29', '2024-04-31', '2024-13-01', '2024-00-10']) {
      expect(validateAnswer(date, impossible)).toBe('The date must be a real date');
    }
    // Answers are ISO dates: anything else (an API client's own format) names the format.
    for (const bad of ['2024-1-1', 'yesterday', 20240101]) {
      expect(validateAnswer(date, bad)).toBe('Enter a real date in the format YYYY-MM-DD');
    }
  });

  it('the Day / Month / Year fields not yet making a date give GOV.UK’s message for what is wrong', () => {
    expect(validateAnswer(date, '31/2/2025')).toBe('The date must be a real date');
    expect(validateAnswer(date, '12//2025')).toBe('The date must include a month');
    expect(validateAnswer(date, '//2025')).toBe('The date must include a day and month');
    expect(validateAnswer(date, '12/6/25')).toBe('The year must include 4 numbers');
    // Fields that do make a date are stored as ISO; the draft form itself is never an answer.
    expect(validateAnswer(date, '31/01/2024')).toBe('Enter a real date in the format YYYY-MM-DD');
  });

  it('notAfter "asOf" refuses a date after the assessment date, and only when that date is known', () => {
    const past: Question = { ...date, notAfter: 'asOf' };
    const asOf = '2026-11-26';
    expect(validateAnswer(past, '2026-11-26', { asOf })).toBeNull();
    expect(validateAnswer(past, '2026-11-27', { asOf })).toBe('The date must be today or in the past');
    expect(validateAnswer(past, '2031-03-01', { asOf })).toBe('The date must be today or in the past');
    expect(validateAnswer(past, '2031-03-01')).toBeNull();
    // A question about the future (no notAfter) takes any real date.
    expect(validateAnswer(date, '2031-03-01', { asOf })).toBeNull();
    // The real-date check comes first.
    expect(validateAnswer(past, '2031-02-30', { asOf })).toBe('The date must be a real date');
  });
});

describe('validateAnswer: options', () => {
  it('radio and select values must be among the options, with their types', () => {
    expect(validateAnswer(yesNo, true)).toBeNull();
    expect(validateAnswer(yesNo, false)).toBeNull();
    expect(validateAnswer(yesNo, 'true')).toBe('Select one of the options');
    expect(validateAnswer(size, 'sme')).toBeNull();
    expect(validateAnswer(size, 'medium')).toBe('Select one of the options');
  });
  it('checkbox answers are arrays of distinct options', () => {
    expect(validateAnswer(costs, ['staff'])).toBeNull();
    expect(validateAnswer(costs, ['staff', 'software'])).toBeNull();
    expect(validateAnswer(costs, 'staff')).toBe('Select only from the options given');
    expect(validateAnswer(costs, ['staff', 'rent'])).toBe('Select only from the options given');
    expect(validateAnswer(costs, ['staff', 'staff'])).toBe('Select only from the options given');
  });
  it('text answers are strings', () => {
    expect(validateAnswer(reason, 42)).toBe('Enter your answer as text');
  });
});
