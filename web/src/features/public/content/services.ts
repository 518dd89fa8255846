// Plain-English content for each service page. Figures are the UK rules in force in 2026, from
// the dated parameters in definitions/parameters (see ../../../../../docs and tax-parameters).
// services.json may override title, description and FAQs per service.

export interface ServiceContent {
  slug: string;
  /** Other paths that show this page without a redirect. */
  servedAt: string[];
  /** Paths that redirect here (site spec section 2). */
  redirectFrom: string[];
  /** Routes the catalogue uses for this service. */
  catalogueSlugs: string[];
  typeCode: string;
  assessmentType: string | null;
  title: string;
  category: string;
  description: string;
  summary: string;
  whoFor: string[];
  howItWorks: string[];
  keyFacts: { label: string; value: string }[];
  faqs: { question: string; answer: string }[];
  sources: { title: string; url: string }[];
}

export const SERVICE_CONTENT: ServiceContent[] = [
  {
    slug: 'sdlt-refunds',
    servedAt: [],
    redirectFrom: ['stamp-duty-land-tax-refund', 'sdlt'],
    catalogueSlugs: ['sdlt-refunds'],
    typeCode: 'sdlt_refund',
    assessmentType: 'sdlt_refund',
    title: 'SDLT Refunds',
    category: 'property-assets-refunds',
    description:
      'Stamp Duty Land Tax is often overpaid: a mixed-use property charged at residential rates, the higher rates paid on a home that was replacing your main residence, or a property that was not habitable when you bought it. We review your purchase and reclaim what HMRC owes you.',
    summary: 'Reclaim overpaid Stamp Duty Land Tax on residential, mixed-use and additional property purchases.',
    whoFor: [
      'Buyers who paid the higher rates for additional dwellings and then sold their previous main home within three years.',
      'Buyers of property with a commercial element, such as a farm, paddock, woodland, shop or office, who were charged residential rates.',
      'Buyers of property that was uninhabitable at completion, for example without a working kitchen or bathroom or with serious structural defects.',
      'Companies and investors who bought several dwellings in one transaction, where the return can still be amended.',
    ],
    howItWorks: [
      'Check your eligibility online in a few minutes: we ask about the property, the price, the completion date and how the tax was calculated.',
      'We review the SDLT return, the title and the property details and tell you whether a claim is worth making and what it is likely to be worth.',
      'We prepare the amendment or the overpayment relief claim with the supporting evidence and submit it to HMRC.',
      'HMRC repays the tax to you. Our fee is agreed before we start and, for most refund claims, is payable only if the claim succeeds.',
    ],
    keyFacts: [
      { label: 'Residential rates from 1 April 2025', value: '0% to £125,000; 2% to £250,000; 5% to £925,000; 10% to £1.5 million; 12% above' },
      { label: 'Non-residential and mixed-use rates', value: '0% to £150,000; 2% to £250,000; 5% above' },
      { label: 'Higher rates for additional dwellings', value: '5 percentage points on top of the standard rates from 31 October 2024 (3 points before)' },
      { label: 'Higher rates refund', value: 'Sell your previous main home within 3 years and claim within 12 months of the sale or of the return’s filing date, whichever is later' },
      { label: 'Amending the return', value: 'Within 12 months of the filing date; after that an overpayment relief claim within 4 years of the effective date' },
      { label: 'Multiple Dwellings Relief', value: 'Abolished for transactions with an effective date from 1 June 2024' },
    ],
    faqs: [
      {
        question: 'How far back can I claim an SDLT refund?',
        answer:
          'You can amend your return within 12 months of its filing date. After that, an overpayment relief claim can be made up to 4 years after the effective date of the transaction, usually the completion date.',
      },
      {
        question: 'What makes a property mixed-use?',
        answer:
          'A property is mixed-use when it includes land or buildings that are not residential, such as a commercial unit, agricultural land in separate use or land with a grazing or business lease. Mixed-use purchases pay the lower non-residential rates.',
      },
      {
        question: 'I paid the 5% surcharge. Can I get it back?',
        answer:
          'Yes, if you sell or dispose of your previous main residence within three years of buying the new one, and claim within 12 months of that sale or of the filing date of the return, whichever is later.',
      },
    ],
    sources: [
      { title: 'GOV.UK: Stamp Duty Land Tax rates', url: 'https://www.gov.uk/stamp-duty-land-tax/residential-property-rates' },
      { title: 'GOV.UK: Apply for a repayment of the higher rates', url: 'https://www.gov.uk/guidance/stamp-duty-land-tax-apply-for-a-repayment-of-the-higher-rates-for-additional-properties' },
    ],
  },
  {
    slug: 'capital-allowances',
    servedAt: [],
    redirectFrom: ['capital'],
    catalogueSlugs: ['capital-allowances'],
    typeCode: 'capital_allowances',
    assessmentType: 'capital_allowances',
    title: 'Capital Allowances Reclaims',
    category: 'property-assets-refunds',
    description:
      'Capital allowances give tax relief on the plant, machinery and fixtures your business buys, including the fixtures embedded in a commercial property: heating, lighting, lifts, air conditioning and more. Many owners of commercial property have never claimed them.',
    summary: 'Claim tax relief on plant, machinery and the fixtures embedded in commercial property.',
    whoFor: [
      'Businesses and landlords that own commercial property: offices, shops, hotels, care homes, pubs or industrial units.',
      'Companies investing in new plant and machinery who want to make full use of full expensing and the Annual Investment Allowance.',
      'Owners who have built, extended or refurbished non-residential buildings since October 2018 and can claim the Structures and Buildings Allowance.',
    ],
    howItWorks: [
      'Tell us about the property or assets, the purchase price and date, and what has been claimed before.',
      'Our surveyors identify and value the qualifying fixtures and expenditure.',
      'We prepare the claim and the supporting report for your tax return, including any amendment of earlier returns still open.',
      'The allowances reduce your taxable profits, lowering your tax bill or creating a repayment.',
    ],
    keyFacts: [
      { label: 'Annual Investment Allowance', value: '100% relief on up to £1 million a year of qualifying plant and machinery (permanent from 1 April 2023)' },
      { label: 'Full expensing (companies)', value: '100% first-year allowance on new main-rate plant and machinery; 50% on special-rate assets' },
      { label: 'Writing down allowances', value: '18% a year for the main pool; 6% a year for the special rate pool' },
      { label: 'Structures and Buildings Allowance', value: '3% a year of qualifying construction cost' },
      { label: 'Buying a property with fixtures', value: 'The fixtures must be pooled and their value fixed (usually by a s198 election) for a later buyer to claim' },
    ],
    faqs: [
      {
        question: 'Can I claim on a property I bought years ago?',
        answer:
          'Often, yes. Unclaimed allowances on embedded fixtures can usually still be claimed while you own the property, provided the seller had not already pooled and claimed them.',
      },
      {
        question: 'Do residential landlords qualify?',
        answer:
          'Allowances are not available for plant and machinery in a dwelling, but they are available in common parts of residential blocks and in commercial property.',
      },
    ],
    sources: [
      { title: 'GOV.UK: Capital allowances', url: 'https://www.gov.uk/capital-allowances' },
      { title: 'GOV.UK: Full expensing', url: 'https://www.gov.uk/guidance/capital-allowances-full-expensing' },
    ],
  },
  {
    slug: 'capital-gains-tax',
    servedAt: ['capital-gains', 'cgt-reclaims'],
    redirectFrom: ['cgt'],
    catalogueSlugs: ['cgt-reclaims'],
    typeCode: 'cgt_reclaim',
    assessmentType: 'cgt_assessment',
    title: 'Capital Gains Tax Reclaims',
    category: 'property-assets-refunds',
    description:
      'Capital Gains Tax is frequently overpaid when reliefs are missed: Private Residence Relief for a home you once lived in, allowable costs and improvements left out, losses never claimed, or Business Asset Disposal Relief not applied. We check the calculation and reclaim the difference.',
    summary: 'Check your Capital Gains Tax calculation and reclaim tax paid because reliefs or costs were missed.',
    whoFor: [
      'People who sold a property that was their home for part of the time they owned it.',
      'Landlords and second-home owners who reported a UK residential property disposal within the 60-day deadline and may have overpaid.',
      'Business owners and shareholders who sold a business or shares and may qualify for Business Asset Disposal Relief.',
      'Investors with losses that were never claimed.',
    ],
    howItWorks: [
      'Answer a short questionnaire about the asset, the dates, the price and your income.',
      'We rebuild the calculation in the order HMRC uses: gain, reliefs, losses, annual exempt amount and the rates for the disposal date.',
      'If tax was overpaid we prepare an amended return or a claim for you to approve.',
      'HMRC repays the overpaid tax, with repayment interest where it is due.',
    ],
    keyFacts: [
      { label: 'Annual exempt amount', value: '£3,000 from 6 April 2024 (£6,000 in 2023-24; £12,300 in 2020-21 to 2022-23)' },
      { label: 'Rates from 30 October 2024', value: '18% within the basic rate band and 24% above it, for all assets' },
      { label: 'Residential property', value: '18% and 24% from 6 April 2024 (18% and 28% before)' },
      { label: 'Business Asset Disposal Relief', value: '14% for 2025-26 and 18% from 6 April 2026, on up to £1 million of lifetime gains' },
      { label: 'Private Residence Relief', value: 'The last 9 months of ownership always qualify (36 months if disabled or in care)' },
      { label: 'UK residential property', value: 'Report and pay within 60 days of completion' },
      { label: 'Loss claims', value: 'Within 4 years of the end of the tax year of the loss' },
    ],
    faqs: [
      {
        question: 'How long do I have to reclaim overpaid Capital Gains Tax?',
        answer:
          'You can amend a Self Assessment return within 12 months of the filing deadline. After that, an overpayment relief claim can be made within 4 years of the end of the tax year.',
      },
      {
        question: 'I let out my former home. Is any of the gain tax-free?',
        answer:
          'Usually part of it is. The periods you lived there plus the final 9 months of ownership are covered by Private Residence Relief. Lettings relief, up to £40,000, now applies only where you shared the home with your tenant.',
      },
    ],
    sources: [
      { title: 'GOV.UK: Capital Gains Tax rates', url: 'https://www.gov.uk/capital-gains-tax/rates' },
      { title: 'GOV.UK: Report and pay Capital Gains Tax on UK property', url: 'https://www.gov.uk/report-and-pay-your-capital-gains-tax' },
    ],
  },
  {
    slug: 'business-rates-appeals',
    servedAt: [],
    redirectFrom: ['businessrates'],
    catalogueSlugs: ['business-rates-appeals'],
    typeCode: 'business_rates_appeals',
    assessmentType: 'business_rates_appeals',
    title: 'Business Rates Appeals',
    category: 'property-estate-savings',
    description:
      'Business rates are calculated from the rateable value the Valuation Office Agency gives your premises. If that value is too high, because of the size, condition or use of the property or changes nearby, you pay too much every year. We check the valuation and challenge it for you.',
    summary: 'Challenge an excessive rateable value and reduce the business rates you pay.',
    whoFor: [
      'Occupiers and owners of shops, offices, industrial units, pubs, hotels and other non-domestic property in England.',
      'Businesses whose premises have changed: partly vacant, altered, affected by roadworks or by changes in the area.',
      'Ratepayers with several properties who want them reviewed together.',
    ],
    howItWorks: [
      'Tell us about the premises, the current rateable value and any changes to the property or the area.',
      'We compare your valuation with similar properties and the VOA’s own evidence.',
      'We run the Check, Challenge, Appeal process with the VOA on your behalf.',
      'A reduced rateable value lowers your bill and your council refunds any overpayment back to the effective date.',
    ],
    keyFacts: [
      { label: '2023 rating list', value: 'Valuation date 1 April 2021; in force from 1 April 2023 to 31 March 2026' },
      { label: '2026 rating list', value: 'Valuation date 1 April 2024; in force from 1 April 2026' },
      { label: 'Check, Challenge, Appeal', value: 'Challenge within 4 months of the Check decision; appeal to the Valuation Tribunal within 4 months of the Challenge decision' },
      { label: 'Refunds', value: 'Overpaid rates are refunded by the council once the list is corrected' },
    ],
    faqs: [
      {
        question: 'Will my rates go up if I challenge?',
        answer:
          'A challenge asks the VOA to correct the valuation. The VOA can also correct errors in its favour, which is why we review the evidence before anything is filed.',
      },
      {
        question: 'How long does an appeal take?',
        answer:
          'A Check normally takes a few months and a Challenge longer. We keep you informed at each stage in the Client Portal.',
      },
    ],
    sources: [{ title: 'GOV.UK: Business rates valuation', url: 'https://www.gov.uk/guidance/how-to-check-and-challenge-your-business-rates-valuation' }],
  },
  {
    slug: 'inheritance-tax-planning',
    servedAt: [],
    redirectFrom: ['inheritance-tax', 'inheritance-tax-adjustments', 'iht'],
    catalogueSlugs: ['inheritance-tax-adjustments'],
    typeCode: 'inheritance_tax',
    assessmentType: null,
    title: 'Inheritance Tax Adjustments',
    category: 'property-estate-savings',
    description:
      'Inheritance Tax is charged at 40% on estates above the available allowances, and it is often overpaid: property and shares sold for less than their probate value, unused allowances of a late spouse not transferred, or reliefs missed. We review estates and plan ahead to keep the tax to what the law requires.',
    summary: 'Reclaim Inheritance Tax overpaid on an estate, and plan to reduce it in future.',
    whoFor: [
      'Executors and administrators of estates that paid Inheritance Tax, particularly where property or shares were sold after the death.',
      'Surviving spouses and civil partners whose partner’s nil-rate band was not fully used.',
      'Families, farmers and business owners planning ahead, including for the changes to Agricultural and Business Property Relief from April 2026.',
    ],
    howItWorks: [
      'Tell us about the estate, the probate values, any sales since the death and the allowances used.',
      'We check the valuations, reliefs and allowances claimed.',
      'We prepare the corrective account or loss-on-sale claim (IHT38 for shares, IHT35 for land and buildings).',
      'HMRC repays the tax overpaid, with interest.',
    ],
    keyFacts: [
      { label: 'Nil-rate band', value: '£325,000 (frozen)' },
      { label: 'Residence nil-rate band', value: '£175,000 when a home passes to direct descendants; tapered away on estates over £2 million' },
      { label: 'Rate', value: '40% above the available allowances; 36% when at least 10% of the net estate goes to charity' },
      { label: 'Transfer between spouses', value: 'Unused nil-rate bands of a late spouse or civil partner can be transferred' },
      { label: 'Agricultural and Business Property Relief', value: 'From 6 April 2026: 100% relief on the first £2.5 million of qualifying property, 50% above' },
      { label: 'Loss on sale', value: 'Relief when quoted shares are sold within 12 months, or land and buildings within 4 years, for less than the probate value' },
    ],
    faqs: [
      {
        question: 'Can Inheritance Tax be reclaimed after it has been paid?',
        answer:
          'Yes. If assets are sold for less than their value at death within the relief periods, or a valuation or relief was wrong, the executors can claim a repayment.',
      },
    ],
    sources: [{ title: 'GOV.UK: Inheritance Tax', url: 'https://www.gov.uk/inheritance-tax' }],
  },
  {
    slug: 'rd-tax-credits',
    servedAt: [],
    redirectFrom: ['research-development-tax-credits', 'rd'],
    catalogueSlugs: ['rd-tax-credits'],
    typeCode: 'rd_tax_credits',
    assessmentType: 'rd_tax_credits',
    title: 'R&D Tax Credits',
    category: 'innovation-investments-relief',
    description:
      'Research and Development tax relief rewards companies that spend money resolving scientific or technological uncertainty: new products, processes, software or materials. Relief is available whether or not the project succeeded. We identify qualifying work, cost it and prepare a claim that stands up to HMRC’s checks.',
    summary: 'Claim R&D tax relief for the work your company does to solve scientific and technological problems.',
    whoFor: [
      'UK limited companies developing new or improved products, processes, software or services.',
      'Loss-making, R&D-intensive SMEs that may qualify for the enhanced support (ERIS).',
      'Companies that have never claimed, or whose claims were prepared without a technical review.',
    ],
    howItWorks: [
      'Take the eligibility check: your sector, the kind of work, the costs and your accounting periods.',
      'Our technical specialists interview your team and document the qualifying projects.',
      'We cost the staff, subcontractor, software, consumable and data costs, file the additional information form and prepare the Corporation Tax computation.',
      'HMRC pays the credit or reduces your Corporation Tax bill.',
    ],
    keyFacts: [
      { label: 'Merged scheme (accounting periods from 1 April 2024)', value: '20% expenditure credit on qualifying R&D costs' },
      { label: 'Enhanced support for R&D-intensive SMEs (ERIS)', value: '86% extra deduction and a payable credit of 14.5% for loss-makers spending at least 30% of total costs on R&D' },
      { label: 'Claim notification', value: 'Within 6 months of the period end for first-time claimants (no claim in the previous 3 years)' },
      { label: 'Additional information form', value: 'Must reach HMRC before or with the Company Tax Return' },
      { label: 'Time limit', value: '2 years after the end of the accounting period' },
    ],
    faqs: [
      {
        question: 'Does the project have to succeed?',
        answer: 'No. Relief is for the attempt to resolve the uncertainty, whether or not it worked.',
      },
      {
        question: 'Is software development R&D?',
        answer:
          'It can be, when the work seeks an advance in computer science or technology and resolves uncertainty that a competent professional could not readily resolve. Routine development does not qualify.',
      },
    ],
    sources: [
      { title: 'GOV.UK: R&D merged scheme and ERIS', url: 'https://www.gov.uk/guidance/research-and-development-rd-tax-relief-the-merged-scheme-and-enhanced-rd-intensive-support' },
    ],
  },
  {
    slug: 'patent-box',
    servedAt: [],
    redirectFrom: ['patentbox', 'patent', 'patent-box-relief'],
    catalogueSlugs: ['patent-box'],
    typeCode: 'patent_box',
    assessmentType: 'patent_box',
    title: 'Patent Box Relief',
    category: 'innovation-investments-relief',
    description:
      'The Patent Box lets companies pay Corporation Tax at an effective 10% on profits earned from patented inventions, instead of the main rate of 25%. The relief covers product sales, licence fees and a share of the profit from products that contain a patented part.',
    summary: 'Pay an effective 10% Corporation Tax rate on profits from patented inventions.',
    whoFor: [
      'Companies that own, or hold an exclusive licence over, a UK or European patent.',
      'Companies that contributed to developing the invention, for example through their own R&D.',
      'Businesses selling products or services that include a patented element.',
    ],
    howItWorks: [
      'Tell us about your patents, the products that use them and your profits.',
      'We identify the relevant income and work out the qualifying profits using the nexus fraction.',
      'We prepare the election and the Patent Box computation for your Company Tax Return.',
      'Your Corporation Tax on those profits falls to an effective 10%.',
    ],
    keyFacts: [
      { label: 'Effective rate', value: '10% Corporation Tax on relevant IP profits (main rate 25%)' },
      { label: 'Qualifying rights', value: 'Patents granted by the UK IPO or the European Patent Office, and certain other rights' },
      { label: 'Election', value: 'Within 2 years after the end of the first accounting period it is to apply to' },
      { label: 'Pending patents', value: 'Profits earned while the patent is pending can be claimed once it is granted (up to 6 years back)' },
    ],
    faqs: [
      {
        question: 'Can I combine Patent Box with R&D tax relief?',
        answer: 'Yes. Many companies claim R&D relief while developing an invention and the Patent Box once it earns profits.',
      },
    ],
    sources: [{ title: 'GOV.UK: Corporation Tax Patent Box', url: 'https://www.gov.uk/guidance/corporation-tax-the-patent-box' }],
  },
  {
    slug: 'enterprise-investment-scheme',
    servedAt: [],
    redirectFrom: ['eis', 'seis', 'eis-seis'],
    catalogueSlugs: ['enterprise-investment-scheme'],
    typeCode: 'eis',
    assessmentType: null,
    title: 'Enterprise Investment Schemes (EIS)',
    category: 'innovation-investments-relief',
    description:
      'The Enterprise Investment Scheme and the Seed Enterprise Investment Scheme give investors generous tax reliefs for buying new shares in small, growing, unquoted companies. We help companies obtain advance assurance and issue compliance certificates, and help investors claim every relief they are owed.',
    summary: 'Tax relief for investing in, or raising money for, smaller growing companies.',
    whoFor: [
      'Investors who have subscribed for shares in EIS or SEIS companies and want to claim their relief.',
      'Start-ups and growing companies raising investment who want advance assurance from HMRC.',
      'Investors with EIS shares that have failed, who may claim loss relief against income.',
    ],
    howItWorks: [
      'Tell us whether you are an investor or a company and what has been raised or invested.',
      'We check the qualifying conditions for the company, the shares and the investor.',
      'We prepare the advance assurance application, the compliance statement or the investor’s claim.',
      'Investors claim the relief through Self Assessment or a PAYE coding change.',
    ],
    keyFacts: [
      { label: 'EIS income tax relief', value: '30% of the amount invested, on up to £1 million a year (£2 million when at least £1 million goes into knowledge-intensive companies)' },
      { label: 'Holding period', value: 'Shares must be held for at least 3 years' },
      { label: 'SEIS income tax relief', value: '50% of up to £200,000 a year' },
      { label: 'Capital Gains Tax', value: 'Gains on EIS shares are exempt after 3 years; other gains can be deferred by reinvesting in EIS shares' },
      { label: 'Loss relief', value: 'Losses on EIS shares, net of the relief given, can be set against income' },
    ],
    faqs: [
      {
        question: 'Can relief be carried back?',
        answer: 'Yes. Investments can be treated as made in the previous tax year, so relief can be set against that year’s income tax.',
      },
    ],
    sources: [{ title: 'GOV.UK: Enterprise Investment Scheme', url: 'https://www.gov.uk/guidance/venture-capital-schemes-tax-relief-for-investors' }],
  },
];
