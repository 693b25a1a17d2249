/**
 * The frame of the service's own HTML pages a reader meets (sign-in, its
 * errors): the vendor's name, logo and colour in a header that links back to
 * the vendor's site, one card of content, plain HTML and CSS. Nothing loads
 * from outside the service and no script runs (the page CSP forbids both).
 */

/** For text between tags: quotes stay readable ("don't"), markup cannot start. */
export const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

/** For attribute values: quotes too. */
export const escapeAttr = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface PageBrand {
  name: string;
  /** A logo the service serves itself (`/...`) or inline (`data:image/...`); anything else is not shown. */
  logo: string | null;
  /** `#rrggbb`. */
  color: string;
  /** The vendor's site: where the header and "back" links go. */
  siteUrl: string;
}

/** Only a logo that loads from here: the CSP allows `'self'` and `data:` images and nothing else. */
export const usableLogo = (logo: string | null): string | null =>
  logo && ((logo.startsWith('/') && !logo.startsWith('//')) || /^data:image\/(png|gif|jpeg|webp|svg\+xml)[;,]/.test(logo)) ? logo : null;

const channel = (hex: string, at: number) => {
  const c = parseInt(hex.slice(at, at + 2), 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
/** WCAG relative luminance of `#rrggbb`. */
const luminance = (hex: string) => 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

const INK = '#1f2328';
const LINK = '#0b57d0';

/**
 * Colours that keep text readable whatever the vendor chose: white or dark
 * text on the brand colour, and the brand colour for links only when it reads
 * on white (WCAG AA, 4.5:1).
 */
export function brandPalette(color: string) {
  const brand = /^#[0-9a-fA-F]{6}$/.test(color) ? color.toLowerCase() : '#1d4ed8';
  const onBrand = contrast(brand, '#ffffff') >= contrast(brand, INK) ? '#ffffff' : INK;
  const link = contrast(brand, '#ffffff') >= 4.5 ? brand : LINK;
  return { brand, onBrand, link };
}

const style = (color: string) => {
  const p = brandPalette(color);
  return `
:root{--brand:${p.brand};--on-brand:${p.onBrand};--link:${p.link};--ink:${INK}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:var(--ink);background:#f3f4f6;line-height:1.5;min-height:100vh;display:flex;flex-direction:column}
header{background:var(--brand);color:var(--on-brand)}
header .bar{max-width:28rem;margin:0 auto;padding:.85rem 1rem}
header a{color:inherit;text-decoration:none;display:inline-flex;align-items:center;gap:.6rem;font-weight:650;font-size:1.1rem;border-radius:.3rem}
header a:hover span.name{text-decoration:underline}
.logo{height:2rem;width:auto;max-width:8rem;border-radius:.25rem;background:#fff;padding:.15rem}
.monogram{display:inline-grid;place-items:center;width:2rem;height:2rem;border-radius:50%;background:var(--on-brand);color:var(--brand);font-weight:700}
main{flex:1;width:100%;max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
.card{background:#fff;border:1px solid #d8dce1;border-radius:.75rem;padding:1.5rem 1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.06)}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .5rem}
.lead{color:#4b5563;margin:0 0 1.25rem}
label{display:block;margin:1rem 0 .3rem;font-weight:600}
input[type=email],input[type=password],input[type=text]{width:100%;padding:.7rem .75rem;font-size:1rem;border:1px solid #6b7280;border-radius:.45rem;background:#fff;color:var(--ink)}
input[aria-invalid=true]{border:2px solid #b42318}
.hint{color:#4b5563;font-size:.9rem;margin:.3rem 0 0}
button,a.button{text-align:center;text-decoration:none;box-sizing:border-box;}
button,a.button{display:block;width:100%;margin-top:1.4rem;padding:.8rem 1rem;font-size:1.05rem;font-weight:650;border:0;border-radius:.45rem;background:var(--brand);color:var(--on-brand);cursor:pointer}
button:hover{filter:brightness(.95)}
a{color:var(--link)}
:focus-visible{outline:3px solid var(--ink);outline-offset:2px}
header :focus-visible{outline-color:var(--on-brand)}
button:focus-visible{box-shadow:0 0 0 2px #fff}
.error{background:#fdecea;border:1px solid #b42318;color:#7a1a12;border-radius:.45rem;padding:.75rem .9rem;margin:0 0 1rem}
.note{background:#eef6ee;border:1px solid #1a7f37;color:#0f5323;border-radius:.45rem;padding:.75rem .9rem;margin:0 0 1rem}
.links{list-style:none;padding:0;margin:1.25rem 0 0;display:flex;flex-wrap:wrap;gap:.5rem 1.25rem}
.links a{display:inline-block;padding:.2rem 0}
.technical{color:#4b5563;font-size:.85rem;margin:1.25rem 0 0;overflow-wrap:anywhere}
footer{max-width:28rem;width:100%;margin:0 auto;padding:0 1rem 1.5rem;color:#4b5563;font-size:.85rem}
@media (min-width:48rem){main{padding-top:3rem}.card{padding:2rem}}
`;
};

export interface ShellInput {
  /** The page's language (BCP 47), for `<html lang>`. */
  lang: string;
  title: string;
  brand: PageBrand;
  /** Markup of the card; the caller escapes every value in it. */
  body: string;
  /** Plain text under the card. */
  footer?: string;
  /** Markup placed after the body, outside the card (e.g. a form the provider gives). */
  after?: string;
  /** Extra markup for `<head>` (a provider page's nonce-bound script). */
  head?: string;
}

export function pageShell(input: ShellInput): string {
  const { brand } = input;
  const logo = usableLogo(brand.logo);
  const mark = logo
    ? `<img class="logo" src="${escapeAttr(logo)}" alt="">`
    : `<span class="logo monogram" aria-hidden="true">${escapeText(brand.name.trim().charAt(0).toUpperCase() || '·')}</span>`;
  return `<!doctype html><html lang="${escapeAttr(input.lang)}" dir="ltr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light">
<meta name="referrer" content="no-referrer">
<title>${escapeText(input.title)} · ${escapeText(brand.name)}</title><link rel="icon" href="data:,"><style>${style(brand.color)}</style>${input.head ?? ''}</head>
<body><header><div class="bar"><a id="brand" href="${escapeAttr(brand.siteUrl)}">${mark}<span class="name" id="vendor-name">${escapeText(brand.name)}</span></a></div></header>
<main><div class="card">${input.body}</div>${input.after ?? ''}</main>
${input.footer ? `<footer><p>${escapeText(input.footer)}</p></footer>` : ''}</body></html>`;
}
