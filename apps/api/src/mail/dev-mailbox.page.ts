import { MailboxEntry, StoredMail } from './embedded-mailer';

/**
 * The development mailbox pages (`/dev/mail`): what the stored mailbox
 * holds, newest first, and one mail with clickable links. Everything is
 * escaped; the HTML part is shown in a sandboxed frame (`srcdoc`, no script,
 * links open in a new tab); nothing loads from outside the service.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const e = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** Plain text with its http(s) links made clickable, everything else escaped. */
export function linkify(text: string): string {
  const out: string[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g)) {
    out.push(e(text.slice(last, match.index)));
    out.push(`<a href="${e(match[0])}">${e(match[0])}</a>`);
    last = match.index + match[0].length;
  }
  out.push(e(text.slice(last)));
  return out.join('');
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2328;background:#f6f8fa}
header{background:#1f2328;color:#fff;padding:12px 16px}
header a{color:#fff}
main{max-width:960px;margin:0 auto;padding:16px}
h1{font-size:22px;margin:0 0 12px}
a{color:#0b57d0}
form{display:flex;flex-wrap:wrap;gap:8px;align-items:end;margin:0 0 16px}
label{display:flex;flex-direction:column;font-size:14px;flex:1 1 160px}
input{font:inherit;padding:8px;border:1px solid #8c959f;border-radius:6px;min-width:0}
button{font:inherit;padding:8px 14px;border:0;border-radius:6px;background:#1f2328;color:#fff;cursor:pointer}
:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
ol{list-style:none;margin:0;padding:0}
li{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:12px;margin:0 0 8px;overflow-wrap:anywhere}
.meta{font-size:14px;color:#57606a}
.status{display:inline-block;font-size:13px;border-radius:10px;padding:0 8px;background:#eaeef2}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:0 0 16px;overflow-wrap:anywhere}
dt{font-weight:600}
dd{margin:0}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:12px;font-size:14px}
iframe{width:100%;height:70vh;border:1px solid #d0d7de;border-radius:8px;background:#fff}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title><style>${STYLE}</style></head>
<body><header><a href="/dev/mail">Development mailbox</a> &middot; nothing here leaves this machine</header>
<main>${body}</main></body></html>
`;
}

const when = (d: Date) => d.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
const deliveryText = (entry: Pick<MailboxEntry, 'delivery'>) =>
  entry.delivery ? `${entry.delivery.status}, ${entry.delivery.attempts} attempt${entry.delivery.attempts === 1 ? '' : 's'}` : 'stored only';

export function mailboxPage(entries: readonly MailboxEntry[], filter: { vendor?: string; to?: string }, limit: number): string {
  const items = entries.map(
    (m) => `<li><a href="/dev/mail/${encodeURIComponent(m.vendorId)}/${encodeURIComponent(m.id)}" class="subject">${e(m.subject)}</a>
<div class="meta">To <span class="to">${e(m.to)}</span> &middot; vendor <span class="vendor">${e(m.vendorId)}</span> &middot; <time datetime="${m.createdAt.toISOString()}">${when(m.createdAt)}</time> &middot; <span class="status">${e(deliveryText(m))}</span></div></li>`,
  );
  return page(
    'Development mailbox',
    `<h1>Mailbox</h1>
<p class="meta">Every mail the service queued, newest first${entries.length === limit ? ` (the newest ${limit})` : ''}. Development only: production does not serve this page.</p>
<form method="get" action="/dev/mail" role="search">
<label for="vendor">Vendor<input id="vendor" name="vendor" value="${e(filter.vendor ?? '')}" autocomplete="off"></label>
<label for="to">Recipient<input id="to" name="to" type="email" value="${e(filter.to ?? '')}" autocomplete="off"></label>
<button type="submit">Filter</button>
</form>
${entries.length === 0 ? '<p id="empty">No mail yet.</p>' : `<ol id="mails">${items.join('\n')}</ol>`}`,
  );
}

/** The frame's own policy, beside the page's it inherits: no script, nothing fetched but inline images. */
const FRAME_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/**
 * A mail's HTML as the mailbox shows it: remote images, backgrounds and
 * media are not fetched (as a mail reader blocks them): their addresses are
 * kept under a `data-blocked-` name, so nothing leaves the machine even
 * before a policy is applied.
 */
export function withoutRemoteLoads(html: string): string {
  return html
    .replace(/\b(src|srcset|background|poster)(\s*=\s*["']?\s*(?:https?:)?\/\/)/gi, 'data-blocked-$1$2')
    .replace(/url\(\s*(["']?)\s*(?:https?:)?\/\//gi, 'url($1about:blocked//');
}

export function mailPage(mail: StoredMail, delivery: MailboxEntry['delivery']): string {
  const attachments = mail.attachments.map((a) => `${e(a.filename)} (${e(a.contentType)})`).join(', ');
  // Links of the HTML part open in a new tab; the frame runs no script and loads nothing from outside.
  const srcdoc = `<meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}"><base target="_blank">${withoutRemoteLoads(mail.html ?? '')}`;
  return page(
    mail.subject,
    `<p><a href="/dev/mail?vendor=${encodeURIComponent(mail.vendorId)}">&larr; Back to the mailbox</a></p>
<h1 id="subject">${e(mail.subject)}</h1>
<dl>
<dt>To</dt><dd id="to">${e(mail.to)}</dd>
<dt>Vendor</dt><dd id="vendor">${e(mail.vendorId)}</dd>
<dt>Queued</dt><dd><time datetime="${mail.createdAt.toISOString()}">${when(mail.createdAt)}</time></dd>
<dt>Delivery</dt><dd id="delivery">${e(deliveryText({ delivery }))}${delivery?.lastError ? ` &middot; last error: ${e(delivery.lastError)}` : ''}</dd>
${attachments ? `<dt>Attachments</dt><dd>${attachments}</dd>` : ''}
</dl>
${mail.html ? `<h2>HTML part</h2>\n<iframe id="html-part" title="The HTML part of the mail" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${e(srcdoc)}"></iframe>` : ''}
<h2>Text part</h2>
<pre id="text-part">${linkify(mail.body)}</pre>`,
  );
}
