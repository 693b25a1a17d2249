// Extracts the text of a PDF (read from standard input) with pdf.js and
// prints it as JSON: one string per page, lines joined by newlines (items on
// one baseline joined by spaces). A child process, because pdfjs-dist is an
// ES module that jest's CommonJS module system does not load.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const pdf = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), useSystemFonts: false, isEvalSupported: false }).promise;
const pages = [];
const fonts = new Set();
for (let n = 1; n <= pdf.numPages; n += 1) {
  const page = await pdf.getPage(n);
  const content = await page.getTextContent();
  const rows = new Map();
  for (const item of content.items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    const y = Math.round(item.transform[5]);
    const row = rows.get(y) ?? [];
    row.push({ x: item.transform[4], str: item.str });
    rows.set(y, row);
    fonts.add(content.styles[item.fontName]?.fontFamily ?? item.fontName);
  }
  const lines = [...rows.entries()].sort((a, b) => b[0] - a[0]).map(([, row]) => row.sort((a, b) => a.x - b.x).map((i) => i.str).join(' '));
  pages.push(lines.join('\n'));
}
const ops = await (await pdf.getPage(1)).getOperatorList();
const info = (await pdf.getMetadata()).info;
process.stdout.write(JSON.stringify({ pages, numPages: pdf.numPages, title: info.Title ?? null, author: info.Author ?? null, operators: ops.fnArray.length }));
