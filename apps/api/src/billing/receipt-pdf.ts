import { factLine, Receipt, receiptText } from '@kiosk/domain/billing';
import type { PDFFont, RGB } from 'pdf-lib';
import { fontFiles, loadPdfLibraries } from './invoice-pdf';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;

/**
 * The receipt as an A4 PDF with pdf-lib and the invoice's embedded DejaVu
 * fonts: the title and a PAID stamp with the date, the amount, the facts
 * (number, date, method, the invoice it settles), the lines, the VAT in the
 * amount, the seller and the buyer. The words are the page's and the
 * e-mail's (`receiptText` of the domain), in the receipt's language.
 */
export class PdfLibReceiptRenderer {
  async render(receipt: Receipt): Promise<Uint8Array> {
    const t = receiptText(receipt);
    const { pdf, fontkit } = await loadPdfLibraries();
    const { PDFDocument, rgb } = pdf;
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const files = fontFiles();
    const regular = await doc.embedFont(files.regular, { subset: true });
    const bold = await doc.embedFont(files.bold, { subset: true });
    doc.setTitle(t.title);
    doc.setAuthor(receipt.seller.name);
    doc.setSubject(`${t.title}, ${receipt.seller.name}`);
    doc.setLanguage(t.lang);
    doc.setCreator('Kiosk');
    doc.setProducer('Kiosk (pdf-lib)');
    doc.setCreationDate(receipt.issuedAt);
    doc.setModificationDate(receipt.issuedAt);
    const page = doc.addPage([A4.width, A4.height]);
    const GREY = rgb(0.35, 0.35, 0.35);
    const GREEN = rgb(0.1, 0.5, 0.22);
    let y = A4.height - MARGIN;
    const right = A4.width - MARGIN;
    const write = (text: string, options: { font?: PDFFont; size?: number; color?: RGB; x?: number; alignRight?: boolean } = {}) => {
      const font = options.font ?? regular;
      const size = options.size ?? 10;
      const x = options.alignRight ? right - font.widthOfTextAtSize(text, size) : (options.x ?? MARGIN);
      page.drawText(text, { x, y, font, size, color: options.color ?? rgb(0, 0, 0) });
    };
    const row = (label: string, value: string, font: PDFFont = regular) => {
      if (label) write(label, { color: GREY, font });
      write(value, { alignRight: true, font });
      y -= 16;
    };
    const rule = () => {
      page.drawLine({ start: { x: MARGIN, y: y + 6 }, end: { x: right, y: y + 6 }, thickness: 0.5, color: rgb(0.8, 0.8, 0.8) });
      y -= 8;
    };

    write(t.title, { font: bold, size: 20 });
    const stampSize = 14;
    const stampWidth = bold.widthOfTextAtSize(t.paidStamp, stampSize);
    page.drawRectangle({ x: right - stampWidth - 8, y: y - 6, width: stampWidth + 16, height: stampSize + 10, borderColor: GREEN, borderWidth: 2 });
    page.drawText(t.paidStamp, { x: right - stampWidth, y, font: bold, size: stampSize, color: GREEN });
    y -= 40;
    write(t.amount, { font: bold, size: 24 });
    y -= 30;
    for (const f of t.facts) row(f.label, f.value);
    y -= 6;
    rule();
    for (const l of t.lines) row(l.label, l.value);
    rule();
    for (const [i, f] of t.totals.entries()) row(f.label, f.value, i === 0 ? bold : regular);
    for (const n of t.notes) {
      y -= 4;
      write(n, { size: 9 });
      y -= 14;
    }
    y -= 16;
    for (const f of t.seller) {
      write(factLine(f), { size: 9, color: GREY });
      y -= 13;
    }
    y -= 8;
    for (const f of t.buyer) {
      write(factLine(f), { size: 9, color: GREY });
      y -= 13;
    }
    return doc.save({ useObjectStreams: false });
  }
}
