/** Bands of a score out of 10 (eligibility spec section 2): ≤ 3 Low, ≤ 7 Medium, otherwise High. */
export function scoreBand(score: number): 'Low' | 'Medium' | 'High' {
  if (score <= 3) return 'Low';
  if (score <= 7) return 'Medium';
  return 'High';
}

/** Pounds: whole pounds when exact (£24,000), else with pence (£5,863.80). */
export function formatGbp(value: number): string {
  const pence = Math.round(value * 100) % 100 !== 0;
  return value.toLocaleString('en-GB', {
    style: 'currency',
    currency: 'GBP',
    minimumFractionDigits: pence ? 2 : 0,
    maximumFractionDigits: pence ? 2 : 0,
  });
}
