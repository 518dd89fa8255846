// The ARIA checks catch what they are for: a removed heading level or control name fails them.
import { describe, expect, it } from 'vitest';
import { ariaProblems, headingOutline } from './aria-outline';

const GOOD = `- banner:
  - link "Reclaim home":
    - img "Reclaim"
  - navigation "Main":
    - link "Services"
- main:
  - heading "SDLT Refunds" [level=1]
  - paragraph: Reclaim Stamp Duty Land Tax overpaid.
  - heading "How it works" [level=2]
  - heading "Step one" [level=3]
  - heading "Fees" [level=2]
  - term: Estimated refund
  - definition: £24,000
  - textbox "Email"
  - button "Send message"
- contentinfo:
  - heading "Contact" [level=2]`;

describe('aria-outline', () => {
  it('a page read in order with every control named has no problem', () => {
    expect(ariaProblems(GOOD)).toEqual([]);
    expect(headingOutline(GOOD)).toEqual([
      'h1 SDLT Refunds',
      'h2 How it works',
      'h3 Step one',
      'h2 Fees',
      'h2 Contact',
    ]);
  });

  it('fails when a heading level is removed (h3 after h1) or the h1 is gone', () => {
    const skipped = GOOD.replace('- heading "How it works" [level=2]\n', '');
    expect(ariaProblems(skipped)).toEqual(['heading level skipped after h1: h3 Step one']);
    const noH1 = GOOD.replace('[level=1]', '[level=2]');
    expect(ariaProblems(noH1)).toContain('no level 1 heading');
  });

  it("fails when a control's name is removed", () => {
    expect(ariaProblems(GOOD.replace('- button "Send message"', '- button'))).toEqual([
      'a button without a name',
    ]);
    expect(ariaProblems(GOOD.replace('- textbox "Email"', '- textbox'))).toEqual([
      'a textbox without a name',
    ]);
    expect(ariaProblems(GOOD.replace('- link "Services"', '- link'))).toEqual(['a link without a name']);
  });

  it('fails when a figure is read without its label', () => {
    const bare = `- main:\n  - heading "Results" [level=1]\n  - definition: £24,000`;
    expect(ariaProblems(bare.replace('"Results"', '"1"'))).toEqual([
      'the figure £24,000 is read without a label',
    ]);
  });
});
