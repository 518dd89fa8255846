import PDFDocument from 'pdfkit';
import type { ClaimDraftContent } from '@reclaim/engine';

export interface ClaimPdfMeta {
  reference: string;
  firmName: string;
  signedName: string;
  signedDate: string;
  signedAt: Date;
}

/**
 * The signed claim as a PDF (pdfkit, its built-in Helvetica): the route and its legal basis, every
 * section of the letter as filled, then the items with their status, and the signature. Returned
 * whole (a claim is a few pages) so its size and checksum are known before it is stored.
 */
export function renderClaimPdf(content: ClaimDraftContent, meta: ClaimPdfMeta): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: {
        Title: `Claim ${meta.reference}: ${content.title}`,
        Author: meta.firmName,
        Subject: content.legalBasis,
        CreationDate: meta.signedAt,
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(16).text(`Claim for ${content.title}`);
    doc.moveDown(0.3);
    doc.font('Helvetica').fontSize(10).text(`Legal basis: ${content.legalBasis}`);
    doc.text(`Reference: ${meta.reference}`);
    if (content.limit.date) doc.text(`Time limit: ${content.limit.rule}`);
    doc.moveDown();
    for (const section of content.sections) {
      doc.font('Helvetica-Bold').fontSize(12).text(section.heading);
      doc.moveDown(0.2);
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(section.text.trim() === '' ? '—' : section.text);
      doc.moveDown(0.8);
    }
    doc.font('Helvetica-Bold').fontSize(12).text('Contents of the claim');
    doc.moveDown(0.2);
    doc.font('Helvetica').fontSize(9);
    for (const item of content.items) {
      const status = item.status === 'present' ? item.value : `Missing: ${item.missing ?? ''}`;
      doc.text(`${item.label}${item.basis ? ` (${item.basis})` : ''}: ${status}`);
    }
    doc.moveDown();
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(`Signed by ${meta.signedName} on ${meta.signedDate} (recorded ${meta.signedAt.toISOString()}).`);
    doc.end();
  });
}
