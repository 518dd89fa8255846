/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- response bodies are read as untyped JSON; the assertions are what check their shape */
// Draft claim documents (issue 30 §1), on a real database: an SDLT, a CGT-on-shares and an IHT
// claim each get a draft per route, incomplete while a hard item is missing (named in plain
// English), completed by the client's fields, staff's text, a document and the signed
// declaration; the signed PDF's text (read back with pdfjs) has the figures, the route and its
// legal basis; only the owner and staff can download it.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityLog } from '../src/modules/activity-logs/activity-log.entity';
import { DocumentTask } from '../src/modules/assessments/document-task.entity';
import { createCast, multipart, pdfBytes, submitClaim, type Cast } from './fixtures/domain';
import { createTestApp, type TestApp } from './helpers/app';

function monthsAgo(months: number): string {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
}
const today = () => new Date().toISOString().slice(0, 10);

const standardFontDataUrl =
  join(
    dirname(createRequire(join(process.cwd(), 'package.json')).resolve('pdfjs-dist/package.json')),
    'standard_fonts',
  ) + '/';

async function pdfText(bytes: Buffer): Promise<string> {
  // pdfjs is an ES module only
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const page = await pdf.getPage(i);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n').replace(/\s+/g, ' ');
}

describe('claim drafts', () => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const submit = (serviceType: string, answers: Record<string, unknown>) =>
    submitClaim(t, cast.clientA.headers, serviceType, answers);

  const generate = (claimId: string) =>
    t.request({ method: 'POST', url: `/api/claims/${claimId}/drafts/`, headers: cast.staff.headers });

  async function uploadFor(assessmentId: string, requirementId: string) {
    const em = t.app.get(MikroORM).em.fork();
    const task = await em.findOneOrFail(DocumentTask, { assessment: assessmentId, requirementId });
    const body = multipart(
      { name: `${requirementId}.pdf`, content: pdfBytes(), type: 'application/pdf' },
      {
        task_id: task.id,
      },
    );
    const res = await t.request({
      method: 'POST',
      url: '/api/documents/',
      headers: { ...cast.clientA.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  /** The draft's checksum as client A reads it (what the portal sends when signing). */
  async function checksumOf(claimId: string, draftId: string): Promise<string> {
    const list = await t.request({
      method: 'GET',
      url: `/api/claims/${claimId}/drafts/`,
      headers: cast.clientA.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    return list.json<{ results: { id: string; checksum: string }[] }>().results.find((d) => d.id === draftId)!
      .checksum;
  }

  /** Signs as client A, with the checksum of the draft as it reads now unless the payload names one. */
  const sign = async (claimId: string, draftId: string, payload: Record<string, unknown>) =>
    t.request({
      method: 'POST',
      url: `/api/claims/${claimId}/drafts/${draftId}/sign/`,
      headers: { ...cast.clientA.headers, 'x-forwarded-for': '203.0.113.7' },
      payload: 'checksum' in payload ? payload : { ...payload, checksum: await checksumOf(claimId, draftId) },
      remoteAddress: '203.0.113.7',
    });

  async function downloadPdf(claimId: string, draftId: string, headers: Record<string, string>) {
    return t.request({ method: 'GET', url: `/api/claims/${claimId}/drafts/${draftId}/pdf/`, headers });
  }

  describe('SDLT: amendment of the return', () => {
    let ids: { assessmentId: string; claimId: string };
    let draftId: string;

    beforeAll(async () => {
      ids = await submit('sdlt_refund', {
        propertyNationSDR: 'england',
        propertyTypeSDR: 'Mixed-Use',
        purchaseDateSDR: monthsAgo(6),
        purchasePriceSDR: 300000,
        sdltPaidSDR: 5000,
        firstTimeBuyerSDR: false,
        multipleDwellingsSDR: false,
        additionalPropertySDR: false,
        nonUkResidentSDR: false,
        propertyUninhabitableSDR: false,
        hasAnnexeSDR: false,
        partialBusinessUseSDR: true,
        linkedTransactionsSDR: false,
        multipleOwnersSDR: false,
      });
    });

    it('staff generate one draft for the route the facts support; it is incomplete and names what is missing', async () => {
      const res = await generate(ids.claimId);
      expect(res.statusCode, res.body).toBe(200);
      const drafts = res.json().results;
      expect(drafts.map((d: { route_id: string }) => d.route_id)).toEqual(['sdlt_amend_return']);
      const draft = drafts[0];
      draftId = draft.id;
      expect(draft).toMatchObject({
        claim_id: ids.claimId,
        legal_basis: 'Finance Act 2003 Schedule 10 paragraph 6',
        definition: { id: 'sdlt_refund', version: 4 },
        complete: false,
        ready_to_sign: false,
        signed: null,
        pdf_available: false,
        limit: { in_time: true, parameter: { set: 'sdlt', key: 'return.amend_window' } },
      });
      expect(draft.missing_hard).toEqual([
        'UTRN of the original return: ask the client',
        'Grounds: the adviser writes the facts and the legal reason the tax was not due',
        'Evidence that the SDLT was paid: ask the client to upload the SDLT return, SDLT5 or completion statement',
        'Declaration: the client signs it in the portal once every other required item is in',
      ]);
      expect(draft.warn_gaps).toContain('Sort code for the repayment: ask the client');
      expect(draft.items.find((i: { id: string }) => i.id === 'repayment')).toMatchObject({
        status: 'present',
        value: '£500',
      });
      expect(draft.client_fields_needed).toEqual(
        expect.arrayContaining(['utrn', 'purchasers', 'bank_sort_code']),
      );
      // generating again keeps the one draft
      const again = await generate(ids.claimId);
      expect(again.json().results.map((d: { id: string }) => d.id)).toEqual([draftId]);
    });

    it('the client reads it; another client gets 404; a client cannot generate or edit', async () => {
      const own = await t.request({
        method: 'GET',
        url: `/api/claims/${ids.claimId}/drafts/`,
        headers: cast.clientA.headers,
      });
      expect(own.statusCode).toBe(200);
      expect(own.json().results[0].id).toBe(draftId);
      const other = await t.request({
        method: 'GET',
        url: `/api/claims/${ids.claimId}/drafts/`,
        headers: cast.clientB.headers,
      });
      expect(other.statusCode).toBe(404);
      expect(
        (
          await t.request({
            method: 'POST',
            url: `/api/claims/${ids.claimId}/drafts/`,
            headers: cast.clientA.headers,
          })
        ).statusCode,
      ).toBe(403);
      const fields = await t.request({
        method: 'PUT',
        url: `/api/claims/${ids.claimId}/drafts/fields/`,
        headers: cast.clientB.headers,
        payload: { utrn: '123456789MC' },
      });
      expect(fields.statusCode).toBe(404);
    });

    it('signing is refused while a hard item other than the declaration is missing', async () => {
      const res = await sign(ids.claimId, draftId, { full_name: 'Ann Buyer', date: today() });
      expect(res.statusCode).toBe(409);
      expect(res.json().missing).toContain('UTRN of the original return: ask the client');
    });

    it('the client supplies the UTRN and bank details through a bounded form', async () => {
      const bad = await t.request({
        method: 'PUT',
        url: `/api/claims/${ids.claimId}/drafts/fields/`,
        headers: cast.clientA.headers,
        payload: { utrn: '12345', bank_sort_code: '12345', bank_account_number: 'abc' },
      });
      expect(bad.statusCode).toBe(400);
      expect(
        bad
          .json()
          .errors.map((e: { field: string }) => e.field)
          .sort(),
      ).toEqual(['bank_account_number', 'bank_sort_code', 'utrn']);
      const unknown = await t.request({
        method: 'PUT',
        url: `/api/claims/${ids.claimId}/drafts/fields/`,
        headers: cast.clientA.headers,
        payload: { passport: 'x' },
      });
      expect(unknown.statusCode).toBe(400);
      const res = await t.request({
        method: 'PUT',
        url: `/api/claims/${ids.claimId}/drafts/fields/`,
        headers: cast.clientA.headers,
        payload: {
          utrn: '123456789mc',
          purchasers: 'Ann Buyer, 1 High Street, Leeds LS1 1AA',
          property_address: '1 High Street, Leeds LS1 1AA',
          bank_account_name: 'Ann Buyer',
          bank_sort_code: '12-34-56',
          bank_account_number: '12345678',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const draft = res.json().results[0];
      expect(draft.client_fields.utrn).toBe('123456789MC');
      expect(draft.items.find((i: { id: string }) => i.id === 'utrn')).toMatchObject({
        status: 'present',
        value: '123456789MC',
      });
      expect(draft.missing_hard).not.toContain('UTRN of the original return: ask the client');
    });

    it('staff write the grounds (only editable sections); with the SDLT return uploaded the client may sign', async () => {
      const wrong = await t.request({
        method: 'PUT',
        url: `/api/claims/${ids.claimId}/drafts/${draftId}/`,
        headers: cast.staff.headers,
        payload: { sections: [{ id: 'claim', text: 'changed' }] },
      });
      expect(wrong.statusCode).toBe(400);
      const res = await t.request({
        method: 'PUT',
        url: `/api/claims/${ids.claimId}/drafts/${draftId}/`,
        headers: cast.staff.headers,
        payload: {
          sections: [
            {
              id: 'grounds',
              text: 'Part of the property was used for business: mixed-use rates apply, so {{sdltTaxDue|money}} was due.',
            },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().sections.find((s: { id: string }) => s.id === 'grounds').text).toBe(
        'Part of the property was used for business: mixed-use rates apply, so £4,500 was due.',
      );
      await uploadFor(ids.assessmentId, 'sdlt1_return');
      const list = await t.request({
        method: 'GET',
        url: `/api/claims/${ids.claimId}/drafts/`,
        headers: cast.clientA.headers,
      });
      const draft = list.json().results[0];
      expect(draft).toMatchObject({ ready_to_sign: true, complete: false });
      expect(draft.missing_hard).toEqual([
        'Declaration: the client signs it in the portal once every other required item is in',
      ]);
    });

    it('the client signs with their typed name and today’s date: audited, complete, a PDF with the figures and the legal basis', async () => {
      const wrongDate = await sign(ids.claimId, draftId, { full_name: 'Ann Buyer', date: '2001-01-01' });
      expect(wrongDate.statusCode).toBe(400);
      expect((await sign(ids.claimId, draftId, { full_name: '  ', date: today() })).statusCode).toBe(400);
      // The checksum of the draft the client read is required: left out, a 400 naming it; another
      // draft's (or an older one), a 409 and nothing signed.
      const noChecksum = await sign(ids.claimId, draftId, {
        full_name: 'Ann Buyer',
        date: today(),
        checksum: undefined,
      });
      expect(noChecksum.statusCode, noChecksum.body).toBe(400);
      expect(noChecksum.json()).toMatchObject({
        message: 'checksum is required to sign: the checksum of the draft you read',
        errors: [
          { field: 'checksum', message: 'checksum is required to sign: the checksum of the draft you read' },
        ],
      });
      const stale = await sign(ids.claimId, draftId, {
        full_name: 'Ann Buyer',
        date: today(),
        checksum: 'f'.repeat(64),
      });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json().message).toMatch(/changed since you opened it; nothing was signed/);
      const staffSign = await t.request({
        method: 'POST',
        url: `/api/claims/${ids.claimId}/drafts/${draftId}/sign/`,
        headers: cast.staff.headers,
        payload: {
          full_name: 'Staff Member',
          date: today(),
          checksum: await checksumOf(ids.claimId, draftId),
        },
      });
      expect(staffSign.statusCode).toBe(404);

      const res = await sign(ids.claimId, draftId, { full_name: 'Ann  Buyer', date: today() });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        complete: true,
        missing_hard: [],
        pdf_available: true,
        signed: { name: 'Ann Buyer', date: today() },
      });
      expect((await sign(ids.claimId, draftId, { full_name: 'Ann Buyer', date: today() })).statusCode).toBe(
        409,
      );

      const em = t.app.get(MikroORM).em.fork();
      const log = await em.findOneOrFail(ActivityLog, { action: 'claim_draft_signed', targetId: draftId });
      expect(log.user?.id).toBe(cast.clientA.id);
      expect(log.ip).toBeTruthy();
      expect(log.detail).toMatchObject({ name: 'Ann Buyer', route: 'sdlt_amend_return' });
      const claim = await t.request({
        method: 'GET',
        url: `/api/claims/${ids.claimId}/`,
        headers: cast.clientA.headers,
      });
      expect(claim.json().timeline.at(-1).note).toContain('Ann Buyer signed the declaration');

      const pdf = await downloadPdf(ids.claimId, draftId, cast.clientA.headers);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain('an amendment of the SDLT return');
      expect(text).toContain('Finance Act 2003 Schedule 10 paragraph 6');
      expect(text).toContain('123456789MC');
      expect(text).toContain('Consideration £300,000; SDLT paid £5,000.');
      expect(text).toContain('Amount to be repaid: £500.');
      expect(text).toContain('Signed: Ann Buyer');

      expect((await downloadPdf(ids.claimId, draftId, cast.staff.headers)).statusCode).toBe(200);
      expect((await downloadPdf(ids.claimId, draftId, cast.clientB.headers)).statusCode).toBe(404);
      expect((await downloadPdf(ids.claimId, draftId, {})).statusCode).toBe(401);
    });

    it('a signed draft no longer changes', async () => {
      const edit = await t.request({
        method: 'PUT',
        url: `/api/claims/${ids.claimId}/drafts/${draftId}/`,
        headers: cast.staff.headers,
        payload: { sections: [{ id: 'grounds', text: 'changed' }] },
      });
      expect(edit.statusCode).toBe(409);
      const fields = await t.request({
        method: 'PUT',
        url: `/api/claims/${ids.claimId}/drafts/fields/`,
        headers: cast.clientA.headers,
        payload: { utrn: '999999999MC' },
      });
      expect(fields.statusCode).toBe(409);
    });
  });

  describe('CGT on shares: overpayment relief with each disposal’s matching', () => {
    it('a draft with every hard item; the PDF has each disposal’s working and the year totals', async () => {
      const ids = await submit('cgt_assessment', {
        assetTypeCGT: 'uk_listed_shares',
        hasShareTradesCGT: true,
        shareTradesCGT: [
          { date: '2023-06-01', action: 'BUY', asset: 'XYZ', quantity: 1000, price: 10, fees: 0 },
          { date: '2024-03-25', action: 'SELL', asset: 'XYZ', quantity: 1000, price: 60, fees: 0 },
          { date: '2024-04-10', action: 'BUY', asset: 'XYZ', quantity: 500, price: 55, fees: 0 },
        ],
        incomeTaxBandCGT: 'higher',
        hasPreviousLossesCGT: false,
        isNonResidentCGT: false,
      });
      const generated = await generate(ids.claimId);
      expect(generated.statusCode, generated.body).toBe(200);
      const draft = generated.json().results[0] as {
        id: string;
        route_id: string;
        missing_hard: string[];
        sections: { id: string; text: string }[];
      };
      expect(draft.route_id).toBe('cgt_overpayment_relief');
      expect(draft.missing_hard).toContain('Self Assessment Unique Taxpayer Reference: ask the client');
      expect(draft.sections.find((s: { id: string }) => s.id === 'recomputation')?.text).toContain(
        '30-day: 500 shares, cost £27,500',
      );

      await t.request({
        method: 'PUT',
        url: `/api/claims/${ids.claimId}/drafts/fields/`,
        headers: cast.clientA.headers,
        payload: { tax_reference: '1234567890', appealed_before: 'no' },
      });
      const edited = await t.request({
        method: 'PUT',
        url: `/api/claims/${ids.claimId}/drafts/${draft.id}/`,
        headers: cast.staff.headers,
        payload: {
          sections: [
            {
              id: 'amount_overpaid',
              text: 'Tax paid on the return: £9,300. Tax on the corrected figures: {{sharesTax|money}}. Overpaid: £5,000.',
            },
            {
              id: 'grounds',
              text: 'The return matched the sale with the section 104 holding; the 30-day rule applies.',
            },
          ],
        },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      await uploadFor(ids.assessmentId, 'tax_returns');
      const before = await t.request({
        method: 'GET',
        url: `/api/claims/${ids.claimId}/drafts/`,
        headers: cast.clientA.headers,
      });
      expect(before.json().results[0]).toMatchObject({
        complete: false,
        ready_to_sign: true,
        missing_hard: ['Declaration: the client signs it in the portal once every other required item is in'],
      });
      const signed = await sign(ids.claimId, draft.id, { full_name: 'Ann Investor', date: today() });
      expect(signed.statusCode, signed.body).toBe(200);
      expect(signed.json().complete).toBe(true);
      const text = await pdfText((await downloadPdf(ids.claimId, draft.id, cast.staff.headers)).rawPayload);
      expect(text).toContain('Taxes Management Act 1970 Schedule 1AB');
      expect(text).toContain(
        '25 March 2024 XYZ: 1,000 sold for £60,000, allowable cost £32,500, gain £27,500',
      );
      expect(text).toContain('30-day: 500 shares, cost £27,500');
      expect(text).toContain('section-104: 500 shares, cost £5,000');
      expect(text).toContain('2023-24: 1 disposals, proceeds £60,000');
      expect(text).toContain('Tax on the corrected figures: £4,300. Overpaid: £5,000.');
    });
  });

  describe('IHT: repayment of overpaid tax', () => {
    it('a draft with every hard item; the PDF has the figures, the route and section 241', async () => {
      const ids = await submit('inheritance_tax', {
        situationIHT: 'estate',
        deathDateIHT: '2025-06-01',
        spouseShareIHT: 0,
        charityGiftIHT: 0,
        homeToDescendantsIHT: false,
        giftsIHT: false,
        businessAssetsIHT: false,
        estateValueIHT: 500000,
        ihtPaidIHT: 90000,
        ihtPaidDateIHT: monthsAgo(12),
        lateSpouseIHT: false,
      });
      const generated = await generate(ids.claimId);
      expect(generated.statusCode, generated.body).toBe(200);
      const draft = generated.json().results[0] as {
        id: string;
        route_id: string;
        missing_hard: string[];
        sections: { id: string; text: string }[];
      };
      expect(draft).toMatchObject({
        route_id: 'iht_repayment',
        legal_basis: 'Inheritance Tax Act 1984 section 241',
        limit: { parameter: { set: 'deadlines', key: 'iht.repayment_claim_window' }, in_time: true },
      });
      expect(draft.missing_hard).toContain('HMRC inheritance tax reference of the estate: ask the client');
      await t.request({
        method: 'PUT',
        url: `/api/claims/${ids.claimId}/drafts/fields/`,
        headers: cast.clientA.headers,
        payload: { tax_reference: 'A123456/25A' },
      });
      await t.request({
        method: 'PUT',
        url: `/api/claims/${ids.claimId}/drafts/${draft.id}/`,
        headers: cast.staff.headers,
        payload: {
          sections: [
            { id: 'grounds', text: 'The tax was paid on an estate of £500,000 without the residence band.' },
          ],
        },
      });
      await uploadFor(ids.assessmentId, 'iht_account');
      const signed = await sign(ids.claimId, draft.id, { full_name: 'Ed Executor', date: today() });
      expect(signed.statusCode, signed.body).toBe(200);
      expect(signed.json()).toMatchObject({ complete: true, missing_hard: [] });
      const text = await pdfText((await downloadPdf(ids.claimId, draft.id, cast.clientA.headers)).rawPayload);
      expect(text).toContain('a repayment of overpaid inheritance tax');
      expect(text).toContain('Inheritance Tax Act 1984 section 241');
      expect(text).toContain('Tax paid £90,000');
      expect(text).toContain('Tax due on the corrected figures: £70,000. Amount to be repaid: £20,000.');
      expect(text).toContain('A123456/25A');
    });
  });
});
