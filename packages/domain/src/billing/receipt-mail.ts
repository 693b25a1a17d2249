import { OutgoingMail } from './invoice';
import { Receipt } from './receipt';
import { factLine, receiptText, receiptWord } from './receipt-text';

/** Where the receipt e-mail leads and how it looks: the receipt itself, the vendor's sign-in, its name and colour. */
export interface ReceiptMailLinks {
  readonly receiptUrl: string;
  readonly signInUrl: string;
  readonly vendorName: string;
  /** `#rrggbb`; anything else is shown in the service's neutral colour. */
  readonly color: string;
}

const html = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The e-mail after a payment: a receipt (what was paid, when, how, the
 * invoice it settles, the seller), a link to the receipt page and a sign-in
 * link to the vendor's site, in the receipt's language, as text and HTML.
 * Never a request to pay.
 */
export function receiptMail(receipt: Receipt, to: string, links: ReceiptMailLinks): OutgoingMail {
  const t = receiptText(receipt);
  const w = (key: Parameters<typeof receiptWord>[1]) => receiptWord(t.lang, key, { vendor: links.vendorName });
  const text = [
    w('thanks'),
    '',
    t.title,
    ...t.facts.map(factLine),
    '',
    ...t.lines.map(factLine),
    ...t.totals.map(factLine),
    ...(t.notes.length ? ['', ...t.notes] : []),
    '',
    ...t.seller.map(factLine),
    '',
    `${w('view')}: ${links.receiptUrl}`,
    `${w('signIn')}: ${links.signInUrl}`,
  ].join('\n');
  const color = /^#[0-9a-fA-F]{6}$/.test(links.color) ? links.color : '#374151';
  const row = (label: string, value: string) =>
    `<tr><td style="padding:4px 12px 4px 0;color:#4b5563">${html(label)}</td><td style="padding:4px 0;text-align:right">${html(value)}</td></tr>`;
  const body = `<!doctype html><html lang="${t.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${html(t.title)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2328">
<div style="max-width:480px;margin:0 auto;padding:16px">
<div style="background:${color};color:#fff;padding:12px 16px;border-radius:8px 8px 0 0;font-weight:700;font-size:18px">${html(links.vendorName)}</div>
<div style="background:#fff;border:1px solid #d8dce1;border-top:0;border-radius:0 0 8px 8px;padding:16px">
<p style="margin:0 0 12px">${html(w('thanks'))}</p>
<h1 style="font-size:20px;margin:0 0 4px">${html(t.title)}</h1>
<p style="font-size:24px;font-weight:700;margin:0 0 12px">${html(t.amount)}</p>
<table role="presentation" style="width:100%;border-collapse:collapse;font-size:15px">
${[...t.facts, ...t.lines, ...t.totals].map((f) => row(f.label, f.value)).join('\n')}
</table>
${t.notes.map((n) => `<p style="font-size:14px">${html(n)}</p>`).join('')}
<p style="font-size:14px;color:#4b5563">${t.seller.map((f) => html(factLine(f))).join('<br>')}</p>
<p><a href="${html(links.receiptUrl)}" style="color:#0b57d0">${html(w('view'))}</a></p>
<p><a href="${html(links.signInUrl)}" style="color:#0b57d0">${html(w('signIn'))}</a></p>
</div></div></body></html>`;
  return { vendorId: receipt.vendorId, to, subject: w('subject'), body: text, html: body };
}
