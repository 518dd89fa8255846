import { describe, expect, it } from 'vitest';
import { surveyTitleFor } from './survey-title';

const titles = {
  byType: { patent_box: 'Patent Box', sdlt_refund: 'SDLT Refund' },
  otherwise: 'Tax Assessment',
};

describe('surveyTitleFor', () => {
  it('reads the title of the type from data, otherwise the default', () => {
    expect(surveyTitleFor('patent_box', titles)).toBe('Patent Box');
    expect(surveyTitleFor('sdlt_refund', titles)).toBe('SDLT Refund');
    expect(surveyTitleFor('business_rates_appeals', titles)).toBe('Tax Assessment');
    expect(surveyTitleFor(undefined, titles)).toBe('Tax Assessment');
    expect(surveyTitleFor('toString', titles)).toBe('Tax Assessment');
  });
});
