// Seed articles on real UK changes, written from ../shared/tax-parameters.md and its sources.
export interface SeedArticle {
  slug: string;
  title: string;
  summary: string;
  publishedAt: string;
  body: string;
}

export const SEED_AUTHOR = 'Reclaim Tax Team';

export const SEED_ARTICLES: SeedArticle[] = [
  {
    slug: 'multiple-dwellings-relief-abolished-june-2024',
    title: 'Multiple Dwellings Relief abolished from 1 June 2024',
    summary:
      'SDLT Multiple Dwellings Relief is no longer available for purchases completing on or after 1 June 2024, but earlier purchases may still be reviewed.',
    publishedAt: '2024-06-03T09:00:00Z',
    body: `Multiple Dwellings Relief (MDR) let buyers of more than one dwelling in a single or linked transaction
work out Stamp Duty Land Tax on the average price per dwelling. It has been **abolished for transactions
with an effective date (usually completion) on or after 1 June 2024**.

## Who can still claim
- Purchases that completed **before 1 June 2024**.
- Contracts **exchanged on or before 6 March 2024** that complete later, as long as the contract is not
  varied or assigned after that date.

## Time limits for a refund
- An SDLT return can be amended within **12 months of its filing date**.
- After that, an overpayment relief claim can be made within **4 years of the effective date**.

If you bought a property with an annexe or a second dwelling before the change, it may be worth
checking whether the right amount of SDLT was paid. Our SDLT refund assessment takes a few minutes.

*Sources: HMRC Stamp Duty Land Tax Manual SDLTM29902; Finance Act 2003 Schedule 10 paragraph 6, SDLTM80580.*`,
  },
  {
    slug: 'cgt-residential-rate-24-and-annual-exempt-amount-3000-april-2024',
    title:
      'From 6 April 2024: residential CGT higher rate falls to 24% and the annual exempt amount halves to £3,000',
    summary:
      'Higher-rate taxpayers selling residential property now pay 24% rather than 28%, while the tax-free allowance for gains is £3,000 from 2024-25.',
    publishedAt: '2024-04-08T09:00:00Z',
    body: `Two Capital Gains Tax changes took effect at the start of the 2024-25 tax year.

## Residential property: higher rate 24%
For disposals of residential property on or after **6 April 2024**, the higher rate of CGT fell from
**28% to 24%**. The lower rate for residential property stays at **18%**.

## Annual exempt amount: £3,000
The annual exempt amount for individuals was **£12,300** up to 2022-23, **£6,000** for 2023-24, and is
**£3,000 from 2024-25** (from 6 April 2024). More people with modest gains now have tax to pay and a
return to file.

Residential property disposals with tax to pay must still be **reported and paid within 60 days** of
completion.

*Sources: Finance Act 2024 section 6; Finance (No. 2) Act 2023 section 8; GOV.UK "Capital Gains Tax: what you pay it on, rates and allowances"; GOV.UK "Report and pay your Capital Gains Tax".*`,
  },
  {
    slug: 'research-and-development-merged-scheme-and-eris-april-2024',
    title: 'R&D tax relief: the merged scheme and ERIS for periods beginning on or after 1 April 2024',
    summary:
      'For accounting periods beginning on or after 1 April 2024, most companies claim a 20% R&D expenditure credit under the merged scheme; loss-making R&D-intensive SMEs can use ERIS.',
    publishedAt: '2024-04-15T09:00:00Z',
    body: `The RDEC scheme and the SME scheme have been combined for **accounting periods beginning on or after
1 April 2024**.

## The merged scheme
Companies claim an **R&D expenditure credit of 20%** of qualifying expenditure.

## Enhanced R&D Intensive Support (ERIS)
Loss-making SMEs whose R&D spending is **at least 30% of total expenditure** can instead claim an
**86% additional deduction** and a **payable credit of 14.5%** of the surrenderable loss.

## Deadlines that catch companies out
- **Claim notification**: a company that has not claimed in the previous three years must notify HMRC
  within **6 months of the end of the period** (periods beginning on or after 1 April 2023).
- **Additional information form**: required before or with the Company Tax Return for every claim
  made from **8 August 2023**.
- A claim must be made within **2 years of the end of the accounting period**.

Our R&D assessment checks which scheme applies and what your claim could be worth.

*Sources: GOV.UK "Research and Development (R&D) tax relief: the merged scheme and enhanced R&D intensive support"; HMRC CIRD81800.*`,
  },
  {
    slug: 'cgt-rates-18-and-24-from-30-october-2024',
    title: 'Capital Gains Tax main rates rise to 18% and 24% from 30 October 2024',
    summary:
      'Gains on shares and other non-residential assets disposed of on or after 30 October 2024 are taxed at 18% and 24%, up from 10% and 20%.',
    publishedAt: '2024-10-31T09:00:00Z',
    body: `The Autumn Budget raised the main rates of Capital Gains Tax with immediate effect.

| Disposal date | Lower rate | Higher rate |
|---|---|---|
| Up to 29 October 2024 | 10% | 20% |
| From 30 October 2024 | **18%** | **24%** |

The rates now match those for **residential property** (18% and 24% since 6 April 2024). The date that
counts is the **date of disposal**: for a contract, normally the date it becomes unconditional
(exchange), not completion.

If you sold shares, a business asset or other investments around the change, check which rate applies.
Our CGT assessment works this out from your disposal date.

*Sources: Finance Act 2025 section 7; GOV.UK "Capital Gains Tax: what you pay it on, rates and allowances".*`,
  },
  {
    slug: 'sdlt-thresholds-return-to-125000-april-2025',
    title: 'Stamp Duty Land Tax thresholds return to £125,000 from 1 April 2025',
    summary:
      'The temporary £250,000 nil-rate band for residential property ended on 31 March 2025; first-time buyers’ relief now applies up to £300,000 on homes costing up to £500,000.',
    publishedAt: '2025-04-01T09:00:00Z',
    body: `For residential purchases in England and Northern Ireland with an effective date on or after
**1 April 2025**:

| Portion of the price | Rate |
|---|---|
| Up to £125,000 | 0% |
| £125,001 to £250,000 | 2% |
| £250,001 to £925,000 | 5% |
| £925,001 to £1.5 million | 10% |
| Above £1.5 million | 12% |

Between 23 September 2022 and 31 March 2025 the nil-rate band was £250,000.

## First-time buyers
Relief now covers the first **£300,000** (0%), with 5% up to £500,000, and is not available when the
price is **over £500,000** (it was £425,000 and £625,000 before 1 April 2025).

## Additional dwellings
The higher rates for additional dwellings carry a **5% surcharge** on each band for transactions from
**31 October 2024** (3% before).

If you paid the higher rates and then sold your previous main home within 3 years, you may be due a
refund: claim within 12 months of that sale or of the filing date of the return, whichever is later.

*Sources: GOV.UK "Rates and allowances: Stamp Duty Land Tax"; Finance Act 2025 section 50; GOV.UK
"Stamp Duty Land Tax: repayment of higher rates for additional properties". The post-April 2025
first-time buyer figures are taken from published tax tables.*`,
  },
  {
    slug: 'business-asset-disposal-relief-14-percent-2025-18-percent-2026',
    title: 'Business Asset Disposal Relief: 14% from 6 April 2025 and 18% from 6 April 2026',
    summary:
      'The CGT rate on gains qualifying for Business Asset Disposal Relief rises from 10% to 14% for 2025-26 and to 18% from 6 April 2026. The £1 million lifetime limit is unchanged.',
    publishedAt: '2025-04-07T09:00:00Z',
    body: `Business Asset Disposal Relief (BADR, formerly Entrepreneurs' Relief) taxes qualifying gains at a
reduced rate, up to a **lifetime limit of £1 million**.

| Disposal date | BADR rate |
|---|---|
| Up to 5 April 2025 | 10% |
| 6 April 2025 to 5 April 2026 | **14%** |
| From 6 April 2026 | **18%** |

## Who qualifies
- **Shares**: you hold at least **5%** of the shares and voting rights, you are an **employee or
  officer**, and the company is a **trading company** (or the holding company of a trading group),
  all for the **2 years** before the disposal.
- **Sole traders and partners**: you owned the business for **2 years**, and assets are disposed of
  within **3 years** of the business ceasing.

Timing matters more than before: the same gain can cost 4 percentage points more a year later.

*Sources: GOV.UK "Business Asset Disposal Relief"; HMRC helpsheet HS275; HMRC Capital Gains Manual CG63955.*`,
  },
];
