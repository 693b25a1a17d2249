import { Receipt, receiptText, receiptWord } from '@kiosk/domain/billing';
import { escapeAttr, escapeText, PageBrand, pageShell } from '../platform/http/page-shell';

/** The receipt's own rules over the shell's: a table of facts that fits 390 px, and a print layout without the frame. */
const RECEIPT_STYLE = `<style>
.stamp{display:inline-block;border:2px solid #1a7f37;color:#0f5323;font-weight:700;letter-spacing:.04em;border-radius:.35rem;padding:.1rem .5rem;margin:0 0 .75rem}
.amount{font-size:2rem;font-weight:700;margin:0 0 1rem;overflow-wrap:anywhere}
table.facts{width:100%;border-collapse:collapse;margin:0 0 1rem}
table.facts th{text-align:left;font-weight:400;color:#4b5563;padding:.3rem .75rem .3rem 0;vertical-align:top}
table.facts td{text-align:right;padding:.3rem 0;overflow-wrap:anywhere}
table.facts tr.total th,table.facts tr.total td{font-weight:700;color:inherit;border-top:1px solid #d8dce1}
h2{font-size:1rem;margin:1.25rem 0 .25rem}
.party{margin:0;color:#4b5563;font-size:.95rem;overflow-wrap:anywhere}
.actions{margin:1.25rem 0 0;display:flex;flex-wrap:wrap;gap:.5rem 1.25rem}
@media print{header,footer,.actions{display:none}body{background:#fff}main{max-width:none;padding:0}.card{border:0;box-shadow:none;padding:0}}
</style>`;

const rows = (facts: readonly { label: string; value: string }[], className = '') =>
  facts
    .map((f, i) => `<tr${className && i === 0 ? ` class="${className}"` : ''}><th scope="row">${escapeText(f.label)}</th><td>${escapeText(f.value)}</td></tr>`)
    .join('');

/** The receipt as a page: the vendor's name and colour, plain words, usable at 390 px, printable; `pdfPath` links the PDF. */
export function receiptPage(receipt: Receipt, brand: PageBrand, pdfPath: string): string {
  const t = receiptText(receipt);
  const w = (key: Parameters<typeof receiptWord>[1]) => receiptWord(t.lang, key, { vendor: brand.name });
  const party = (facts: readonly { label: string; value: string }[]) =>
    `<p class="party">${facts.map((f) => escapeText(f.label ? `${f.label}: ${f.value}` : f.value)).join('<br>')}</p>`;
  const body =
    `<h1 id="receipt-title">${escapeText(t.title)}</h1>` +
    `<p class="stamp" id="paid-stamp">${escapeText(t.paidStamp)}</p>` +
    `<p class="amount" id="amount">${escapeText(t.amount)}</p>` +
    `<table class="facts" id="facts" aria-labelledby="receipt-title"><tbody>${rows(t.facts)}</tbody></table>` +
    `<table class="facts" id="lines"><tbody>${rows(t.lines)}${rows(t.totals, 'total')}</tbody></table>` +
    t.notes.map((n) => `<p>${escapeText(n)}</p>`).join('') +
    `<h2>${escapeText(w('seller'))}</h2>${party([{ label: '', value: t.seller[0].value }, ...t.seller.slice(1)])}` +
    `<h2>${escapeText(w('paidBy'))}</h2>${party([{ label: '', value: t.buyer[0].value }, ...t.buyer.slice(1)])}` +
    `<p class="actions"><a id="pdf" href="${escapeAttr(pdfPath)}">${escapeText(w('pdf'))}</a><a id="back" href="${escapeAttr(brand.siteUrl)}">${escapeText(brand.name)}</a></p>`;
  return pageShell({ lang: t.lang, title: t.title, brand, body, head: RECEIPT_STYLE });
}
