/** Bands of a score out of 10 (eligibility spec section 2): ≤ 3 Low, ≤ 7 Medium, otherwise High. */
export function scoreBand(score: number): 'Low' | 'Medium' | 'High' {
  if (score <= 3) return 'Low';
  if (score <= 7) return 'Medium';
  return 'High';
}
