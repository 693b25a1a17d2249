/** What a vendor's mail looks like: its name, its colour (checkout settings) and its site. */
export interface MailBrand {
  readonly vendorName: string;
  /** `#rrggbb`. */
  readonly color: string;
  /** The vendor's site, linked from the footer; null when it has none. */
  readonly siteUrl: string | null;
}

/** The words of one mail, already in the reader's language. */
export interface MailContent {
  readonly lang: string;
  readonly subject: string;
  readonly heading: string;
  readonly paragraphs: readonly string[];
  /** A one-time code, shown large (a sign-in code). */
  readonly code?: string;
  /** Label and value lines (a receipt's facts), after the paragraphs. */
  readonly rows?: readonly { readonly label: string; readonly value: string }[];
  readonly button?: { readonly label: string; readonly url: string };
  /** Further links, after the button (a receipt's "view" link). */
  readonly links?: readonly { readonly label: string; readonly url: string }[];
  /** Small print after the links (the seller's identity). */
  readonly notes?: readonly string[];
  /** Why the reader gets this mail (one sentence). */
  readonly footer: string;
}

export interface RenderedMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text made safe for HTML content and attribute values. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const COLOR = /^#[0-9a-fA-F]{6}$/;
const FALLBACK_COLOR = '#1d4ed8';

/** Relative luminance of `#rrggbb` (WCAG 2.x). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** White or near-black, whichever reads better on the brand colour. */
export function textColorOn(background: string): string {
  const l = luminance(background);
  const contrastWhite = 1.05 / (l + 0.05);
  const contrastDark = (l + 0.05) / (luminance('#111111') + 0.05);
  return contrastWhite >= contrastDark ? '#ffffff' : '#111111';
}

/** Only http(s) links go into a mail; anything else is left out. */
const safeUrl = (url: string): string | null => (/^https?:\/\/[^\s"'<>]+$/i.test(url) ? url : null);

/**
 * A vendor's mail in two parts: plain text (with the button's link written
 * out) and HTML (the vendor's name in its colour, one button, a footer).
 * Every value is escaped; the HTML has no outside resource.
 */
export function brandedMail(brand: MailBrand, content: MailContent): RenderedMail {
  const color = COLOR.test(brand.color) ? brand.color : FALLBACK_COLOR;
  const onColor = textColorOn(color);
  const button = content.button && safeUrl(content.button.url) ? content.button : undefined;
  const site = brand.siteUrl ? safeUrl(brand.siteUrl) : null;
  const links = (content.links ?? []).filter((l) => safeUrl(l.url));
  const rows = content.rows ?? [];
  const notes = content.notes ?? [];
  const line = (r: { label: string; value: string }) => (r.label ? `${r.label}: ${r.value}` : r.value);
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.code ? [`    ${content.code}`, ''] : []),
    ...(rows.length ? [...rows.map(line), ''] : []),
    ...(button ? [`${button.label}: ${button.url}`, ''] : []),
    ...links.flatMap((l) => [`${l.label}: ${l.url}`, '']),
    ...(notes.length ? [...notes, ''] : []),
    '--',
    brand.vendorName + (site ? ` - ${site}` : ''),
    content.footer,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = [
    '<!doctype html>',
    `<html lang="${e(content.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${e(content.subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f4f5;font-family:-apple-system,BlinkMacSystemFont,\'Segoe UI\',Roboto,Helvetica,Arial,sans-serif;color:#111111">',
    '<div style="max-width:560px;margin:0 auto;padding:16px">',
    `<div style="background:${color};color:${onColor};padding:16px 20px;border-radius:8px 8px 0 0;font-size:20px;font-weight:bold">${e(brand.vendorName)}</div>`,
    '<div style="background:#ffffff;padding:20px;border-radius:0 0 8px 8px;line-height:1.5;font-size:16px;overflow-wrap:anywhere">',
    `<h1 style="font-size:22px;margin:0 0 16px">${e(content.heading)}</h1>`,
    ...content.paragraphs.map((p) => `<p style="margin:0 0 16px">${e(p)}</p>`),
    ...(content.code
      ? [`<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:4px;font-family:ui-monospace,Menlo,Consolas,monospace">${e(content.code)}</p>`]
      : []),
    ...(rows.length
      ? [
          '<table role="presentation" style="width:100%;border-collapse:collapse;font-size:15px;margin:0 0 16px">',
          ...rows.map(
            (r) => `<tr><td style="padding:4px 12px 4px 0;color:#52525b">${e(r.label)}</td><td style="padding:4px 0;text-align:right">${e(r.value)}</td></tr>`,
          ),
          '</table>',
        ]
      : []),
    ...(button
      ? [
          `<p style="margin:24px 0"><a href="${e(button.url)}" style="display:inline-block;background:${color};color:${onColor};padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${e(button.label)}</a></p>`,
          `<p style="margin:0 0 16px;font-size:13px;color:#52525b">${e(button.url)}</p>`,
        ]
      : []),
    ...links.map((l) => `<p style="margin:0 0 16px"><a href="${e(l.url)}" style="color:#1d4ed8">${e(l.label)}</a></p>`),
    ...notes.map((n) => `<p style="margin:0 0 8px;font-size:13px;color:#52525b">${e(n)}</p>`),
    '</div>',
    `<p style="font-size:13px;color:#52525b;padding:0 4px">${site ? `<a href="${e(site)}" style="color:#52525b">${e(brand.vendorName)}</a>` : e(brand.vendorName)} &middot; ${e(content.footer)}</p>`,
    '</div></body></html>',
    '',
  ].join('\n');
  return { subject: content.subject, text, html };
}
