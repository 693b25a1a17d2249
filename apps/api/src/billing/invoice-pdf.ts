import { InvoiceDocument, InvoicePdfRenderer, invoiceText } from '@kiosk/domain/billing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PDFDocument as PdfDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';

type Fontkit = Parameters<PdfDocument['registerFontkit']>[0];

/**
 * pdf-lib and fontkit take about half a second and several MB to load, and
 * most processes never draw an invoice: they are loaded on the first one
 * (issue 17: start-up time and memory).
 */
let pdfLibraries: Promise<{ pdf: typeof import('pdf-lib'); fontkit: Fontkit }> | null = null;
export const loadPdfLibraries = () =>
  (pdfLibraries ??= Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]).then(([pdf, fontkit]) => ({
    pdf,
    // A CommonJS package: its object is the namespace's `default` when loaded as ESM.
    fontkit: ((fontkit as { default?: Fontkit }).default ?? fontkit) as Fontkit,
  })));

/** DejaVu Sans (apps/api/assets/fonts): covers the accented Latin of European names and addresses. */
const FONT_DIR = join(__dirname, '..', '..', 'assets', 'fonts');
let fonts: { regular: Uint8Array; bold: Uint8Array } | null = null;
export const fontFiles = () =>
  (fonts ??= { regular: readFileSync(join(FONT_DIR, 'DejaVuSans-Latin.ttf')), bold: readFileSync(join(FONT_DIR, 'DejaVuSans-Bold-Latin.ttf')) });

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;

interface Pen {
  page: PDFPage;
  y: number;
}

/**
 * The invoice as an A4 PDF, laid out with pdf-lib: seller and invoice facts,
 * the buyer, a table of lines (quantity, unit price, VAT rate, VAT, amount),
 * totals per rate, payment instructions and legal notes. The fonts are
 * embedded (subset), so the PDF shows the same everywhere; the text is the
 * same as the e-mail's (`invoiceText` of the domain).
 */
export class PdfLibInvoiceRenderer implements InvoicePdfRenderer {
  async render(invoice: InvoiceDocument): Promise<Uint8Array> {
    const t = invoiceText(invoice);
    const { pdf, fontkit } = await loadPdfLibraries();
    const { PDFDocument, rgb } = pdf;
    const GREY = rgb(0.35, 0.35, 0.35);
    const RULE = rgb(0.8, 0.8, 0.8);
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const files = fontFiles();
    const regular = await doc.embedFont(files.regular, { subset: true });
    const bold = await doc.embedFont(files.bold, { subset: true });
    doc.setTitle(t.title);
    doc.setAuthor(invoice.seller.name);
    doc.setSubject(`${t.title}, ${invoice.seller.name}`);
    doc.setCreator('Kiosk');
    doc.setProducer('Kiosk (pdf-lib)');
    doc.setCreationDate(invoice.issuedAt);
    doc.setModificationDate(invoice.issuedAt);

    const pen: Pen = { page: doc.addPage([A4.width, A4.height]), y: A4.height - MARGIN };
    const newPageIfNeeded = (height: number) => {
      if (pen.y - height < MARGIN) {
        pen.page = doc.addPage([A4.width, A4.height]);
        pen.y = A4.height - MARGIN;
      }
    };
    const write = (text: string, x: number, options: { font?: PDFFont; size?: number; color?: RGB; right?: number } = {}) => {
      const font = options.font ?? regular;
      const size = options.size ?? 9;
      const at = options.right === undefined ? x : options.right - font.widthOfTextAtSize(text, size);
      pen.page.drawText(text, { x: at, y: pen.y, font, size, color: options.color ?? rgb(0, 0, 0) });
    };
    const wrap = (text: string, width: number, font: PDFFont, size: number): string[] => {
      const out: string[] = [];
      let line = '';
      for (const word of text.split(/\s+/)) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) > width && line) {
          out.push(line);
          line = word;
        } else line = next;
      }
      if (line) out.push(line);
      return out;
    };
    const paragraph = (lines: readonly string[], x: number, width: number, options: { font?: PDFFont; size?: number; color?: RGB } = {}) => {
      const size = options.size ?? 9;
      for (const text of lines) {
        for (const part of wrap(text, width, options.font ?? regular, size)) {
          newPageIfNeeded(size + 4);
          write(part, x, options);
          pen.y -= size + 4;
        }
      }
    };
    const rule = () => {
      pen.page.drawLine({ start: { x: MARGIN, y: pen.y + 8 }, end: { x: A4.width - MARGIN, y: pen.y + 8 }, thickness: 0.5, color: RULE });
    };

    // Title, then the seller (left) beside the invoice facts (right).
    write(t.title, MARGIN, { font: bold, size: 18 });
    if (t.paidStamp) {
      // A paid invoice is stamped, top right, in green.
      const stamp = t.paidStamp;
      const size = 16;
      const width = bold.widthOfTextAtSize(stamp, size);
      const x = A4.width - MARGIN - width;
      const GREEN = rgb(0.1, 0.5, 0.22);
      pen.page.drawRectangle({ x: x - 8, y: pen.y - 6, width: width + 16, height: size + 10, borderColor: GREEN, borderWidth: 2 });
      write(stamp, x, { font: bold, size, color: GREEN });
    }
    pen.y -= 30;
    const top = pen.y;
    const half = (A4.width - 2 * MARGIN) / 2;
    paragraph(t.seller, MARGIN, half - 12);
    const leftEnd = pen.y;
    pen.y = top;
    paragraph(t.facts, MARGIN + half, half);
    pen.y = Math.min(leftEnd, pen.y) - 10;
    paragraph(t.buyer, MARGIN, A4.width - 2 * MARGIN);
    pen.y -= 12;

    // The lines.
    const columns = { qty: 262, unit: 340, rate: 392, vat: 450, amount: A4.width - MARGIN };
    const header = () => {
      newPageIfNeeded(30);
      write(t.lineHeader[0], MARGIN, { font: bold, size: 8 });
      write(t.lineHeader[1], 0, { font: bold, size: 8, right: columns.qty });
      write(t.unitPriceHeader[0], 0, { font: bold, size: 8, right: columns.unit });
      write(t.lineHeader[3], 0, { font: bold, size: 8, right: columns.rate });
      write(t.lineHeader[4], 0, { font: bold, size: 8, right: columns.vat });
      write(t.lineHeader[5], 0, { font: bold, size: 8, right: columns.amount });
      pen.y -= 11;
      // Art. 226(8): unit prices are printed without VAT in either price mode (invoiceText).
      write(t.unitPriceHeader[1], 0, { size: 7, color: GREY, right: columns.unit });
      pen.y -= 12;
      rule();
      pen.y -= 4;
    };
    header();
    for (const l of t.lines) {
      const description = wrap(l[0], columns.qty - MARGIN - 30, regular, 9);
      newPageIfNeeded(13 * description.length + 4);
      write(description[0], MARGIN);
      write(l[1], 0, { right: columns.qty });
      write(l[2], 0, { right: columns.unit });
      write(l[3], 0, { right: columns.rate });
      write(l[4], 0, { right: columns.vat });
      write(l[5], 0, { right: columns.amount });
      pen.y -= 13;
      for (const more of description.slice(1)) {
        write(more, MARGIN);
        pen.y -= 13;
      }
    }
    pen.y -= 4;
    rule();
    pen.y -= 6;

    // Totals, right-aligned; the amount to pay in bold.
    for (const [i, line] of t.totals.entries()) {
      newPageIfNeeded(14);
      const last = i === t.totals.length - 1;
      write(line, 0, { font: last ? bold : regular, size: last ? 11 : 9, right: columns.amount });
      pen.y -= last ? 18 : 13;
    }
    pen.y -= 8;
    paragraph(t.payment, MARGIN, A4.width - 2 * MARGIN);
    if (t.notes.length) {
      pen.y -= 6;
      paragraph(t.notes, MARGIN, A4.width - 2 * MARGIN, { font: bold });
    }
    return doc.save({ useObjectStreams: false });
  }
}
