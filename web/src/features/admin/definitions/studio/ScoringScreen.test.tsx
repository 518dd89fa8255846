// The condition builder offers, for each kind of rule, the facts the engine says that rule may read
// (factsAvailableAt): a new approach rule can read the potential, which the published SDLT rule
// `high_complexity_low_potential` reads, and a value rule cannot read what the value stage makes.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { factsAvailableAt } from '@reclaim/engine';
import sdltJson from '../../../../../../definitions/assessments/sdlt_refund/v2.json';
import ScoringScreen from './ScoringScreen';
import { ruleFields, type Draft } from './model';

const sdlt = sdltJson as unknown as Draft;

function Harness() {
  const [draft, setDraft] = useState<Draft>(() => structuredClone(sdlt));
  return (
    <ScoringScreen
      draft={draft}
      update={(recipe) =>
        setDraft((d) => {
          const copy = structuredClone(d);
          recipe(copy);
          return copy;
        })
      }
    />
  );
}

describe('the builder’s facts are the engine’s', () => {
  it('offers potentialMedium in a new approach rule’s condition', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Approach rules' }));
    await user.click(screen.getByRole('button', { name: 'Add approach rule' }));
    const rules = within(screen.getByRole('list', { name: 'Approach rules in order' })).getAllByRole(
      'listitem',
    );
    const added = rules.at(-1)!;
    await user.click(within(added).getByRole('button', { name: 'Edit condition' }));
    await user.click(within(added).getByRole('button', { name: '+ Condition' }));
    const field = await waitFor(() => within(added).getByRole('combobox', { name: 'Answer or fact' }));
    const offered = within(field)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    expect(offered).toContain('potentialMedium');
    expect(offered).toContain('valueMedian');
    expect(offered).not.toContain('serviceApproach');
  });

  it('each kind of rule reads exactly the facts the engine makes available to its stage', () => {
    for (const stage of ['eligibility', 'complexity', 'value', 'approach'] as const)
      expect(ruleFields(sdlt, stage).map((f) => f.name)).toEqual(factsAvailableAt(sdlt, stage));
    const value = ruleFields(sdlt, 'value').map((f) => f.name);
    expect(value).not.toContain('valueMedian');
    expect(value).not.toContain('potentialMedium');
    expect(ruleFields(sdlt, 'approach').find((f) => f.name === 'potentialMedium')).toEqual({
      name: 'potentialMedium',
      label: 'Potential (medium)',
      kind: 'number',
    });
  });
});
