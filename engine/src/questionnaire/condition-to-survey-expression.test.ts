import { describe, expect, it } from 'vitest';
import type { Question } from '../types';
import {
  conditionToSurveyExpression,
  surveyLiteral,
  SurveyExpressionError,
  type EarlierQuestion,
} from './condition-to-survey-expression';

const asset: Question = {
  id: 'assetTypeCGT',
  question: 'Asset?',
  type: 'select',
  options: [{ value: 'business_shares', label: 'Shares' }],
};
const trading: Question = {
  id: 'isTradingCompanySharesCGT',
  question: 'Trading?',
  type: 'radio',
  options: [
    { value: true, label: 'Yes' },
    { value: false, label: 'No' },
  ],
};
const earlier = new Map<string, EarlierQuestion>([
  ['assetTypeCGT', { question: asset }],
  [
    'isTradingCompanySharesCGT',
    { question: trading, visibleIf: "({assetTypeCGT} notempty and {assetTypeCGT} = 'business_shares')" },
  ],
]);

describe('conditionToSurveyExpression', () => {
  it('writes the SurveyJS operators with a guard that the answer is there', () => {
    expect(
      conditionToSurveyExpression(
        { fact: 'assetTypeCGT', operator: 'equal', value: 'business_shares' },
        earlier,
      ),
    ).toBe("({assetTypeCGT} notempty and {assetTypeCGT} = 'business_shares')");
    expect(
      conditionToSurveyExpression({ fact: 'assetTypeCGT', operator: 'in', value: ['a', 'b'] }, earlier),
    ).toBe("({assetTypeCGT} notempty and ({assetTypeCGT} = 'a' or {assetTypeCGT} = 'b'))");
  });

  it('a fact from a conditional question carries that question’s visibility', () => {
    expect(
      conditionToSurveyExpression(
        { fact: 'isTradingCompanySharesCGT', operator: 'equal', value: true },
        earlier,
      ),
    ).toBe(
      "(({isTradingCompanySharesCGT} notempty and ({assetTypeCGT} notempty and {assetTypeCGT} = 'business_shares')) and {isTradingCompanySharesCGT} = true)",
    );
  });

  it('a fact no earlier question gives is missing: false, or true for isAnswered false', () => {
    expect(conditionToSurveyExpression({ fact: 'unknown', operator: 'notEqual', value: 'x' }, earlier)).toBe(
      'false',
    );
    expect(
      conditionToSurveyExpression({ fact: 'unknown', operator: 'isAnswered', value: false }, earlier),
    ).toBe('true');
  });

  it('rejects what SurveyJS cannot express', () => {
    expect(() =>
      conditionToSurveyExpression(
        { fact: 'assetTypeCGT', path: '$.x', operator: 'equal', value: 1 },
        earlier,
      ),
    ).toThrow(SurveyExpressionError);
    expect(() =>
      conditionToSurveyExpression(
        { fact: 'assetTypeCGT', operator: 'in', value: { fact: 'isTradingCompanySharesCGT' } },
        earlier,
      ),
    ).toThrow(/cannot compare with another answer/);
    expect(() =>
      conditionToSurveyExpression(
        { fact: 'bad-id', operator: 'equal', value: 1 },
        new Map([['bad-id', { question: { ...asset, id: 'bad-id' } }]]),
      ),
    ).toThrow(/cannot be used in a SurveyJS expression/);
  });
});

describe('surveyLiteral', () => {
  it('quotes strings, escapes quotes, writes numbers, booleans and null', () => {
    expect(surveyLiteral("o'brien")).toBe("'o\\'brien'");
    expect(surveyLiteral(-2.5)).toBe('-2.5');
    expect(surveyLiteral(false)).toBe('false');
    expect(surveyLiteral(null)).toBe('null');
    expect(() => surveyLiteral('a\\b')).toThrow(SurveyExpressionError);
    expect(() => surveyLiteral(Number.POSITIVE_INFINITY)).toThrow(SurveyExpressionError);
  });
});
