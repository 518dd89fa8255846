import { describe, expect, it } from 'vitest';
import { surveyTitleFor } from './survey-title';

const titles = {
  byType: { patent_box: 'Patent Box', sdlt_refund: 'SDLT Refund' },
  otherwise: 'Tax Assessment',
};

describe('surveyTitleFor', () => {
  it('the spec’s titles by type come first', () => {
    expect(surveyTitleFor('patent_box', titles)).toBe('Patent Box');
    expect(surveyTitleFor('sdlt_refund', titles, 'Stamp Duty')).toBe('SDLT Refund');
  });
  it('any other service is titled by its definition', () => {
    expect(surveyTitleFor('business_rates_appeals', titles, 'Business Rates Appeal')).toBe(
      'Business Rates Appeal',
    );
    expect(surveyTitleFor('capital_allowances', titles, 'Capital Allowances')).toBe('Capital Allowances');
  });
  it('without a title (definition not loaded, unknown type): the default', () => {
    expect(surveyTitleFor('business_rates_appeals', titles)).toBe('Tax Assessment');
    expect(surveyTitleFor('business_rates_appeals', titles, '  ')).toBe('Tax Assessment');
    expect(surveyTitleFor(undefined, titles)).toBe('Tax Assessment');
    expect(surveyTitleFor('toString', titles)).toBe('Tax Assessment');
  });
});
