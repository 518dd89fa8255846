// Per-type result fields as the results screen reads them (eligibility spec sections 2 and 3).
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { scoreBand } from '../lib/score-band';
import { ResultFields } from './ResultFields';

describe('score bands out of 10', () => {
  it('3 or less is Low, up to 7 Medium, otherwise High', () => {
    expect([0, 3, 3.1, 7, 7.1, 10].map(scoreBand)).toEqual(['Low', 'Low', 'Medium', 'Medium', 'High', 'High']);
  });
});

describe('result fields', () => {
  it('R&D: Likely / Possible / Unlikely, score band and the multi-line recommendation', () => {
    render(
      <ResultFields
        type="rd_tax_credits"
        fields={{
          rd_eligibility_status: 'Possible',
          rd_scheme_type: 'Merged R&D scheme (RDEC)',
          rd_claim_complexity_score: 4.5,
          rd_potential_benefit_estimate: 12345.5,
          rd_recommendation: 'Eligibility\n\nYou may qualify.\nCheck your costs.',
        }}
      />,
    );
    expect(screen.getByText('Possible')).toBeInTheDocument();
    expect(screen.getByTestId('score-out-of-10')).toHaveTextContent('4.5 / 10 Medium');
    expect(screen.getByText('£12,345.50')).toBeInTheDocument();
    expect(screen.getByText(/You may qualify\.\s+Check your costs\./)).toHaveClass('whitespace-pre-line');
  });

  it('CGT: reliefs, and the recommendation as paragraphs with Disclaimer / Next steps / Key considerations headings', () => {
    render(
      <ResultFields
        type="cgt_assessment"
        fields={{
          cgt_event_type: 'Sale of UK listed shares',
          cgt_taxable_gain_estimate: 27000,
          cgt_estimated_liability: 5400,
          cgt_applicable_reliefs: ['Annual exempt amount'],
          cgt_complexity_score: 2,
          cgt_recommendation: 'Your gain is £30,000.\n\nKey considerations\n\nRates changed.\n\nNext steps\n\nReport it.\n\nDisclaimer\n\nAn estimate only.',
        }}
      />,
    );
    expect(screen.getByText('Annual exempt amount')).toBeInTheDocument();
    expect(screen.getByTestId('score-out-of-10')).toHaveTextContent('2 / 10 Low');
    const headings = screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
    expect(headings).toEqual(['Key considerations', 'Next steps', 'Disclaimer']);
    expect(screen.getByText('An estimate only.').tagName).toBe('P');
  });

  it('SDLT and patent box: eligibility as Yes / No and the estimate in pounds', () => {
    const { container } = render(
      <ResultFields
        type="sdlt_refund"
        fields={{ sdlt_eligibility_for_refund: false, sdlt_claim_complexity_score: 8, sdlt_potential_refund_amount_estimate: 600, sdlt_recommendation: 'Not recommended.' }}
      />,
    );
    const scope = within(container);
    expect(scope.getByText('No')).toBeInTheDocument();
    expect(scope.getByTestId('score-out-of-10')).toHaveTextContent('8 / 10 High');
    expect(scope.getByText('£600')).toBeInTheDocument();
  });
});
