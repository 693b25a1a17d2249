import { escapeText } from '../platform/http/page-shell';

/** The demo newspaper's pages: plain HTML, the script tag, and the attributes the library reads. */
export interface DemoArticle {
  slug: string;
  title: string;
  lead: string;
  body: string[];
  /** Metered articles are behind the paywall's free reads; free ones are not. */
  metered: boolean;
}

export const DEMO_ARTICLES: readonly DemoArticle[] = [
  { slug: 'welcome', title: 'Welcome to Demo Daily', lead: 'This newspaper runs on Kiosk with one script tag.', body: ['Every article but this one is metered: three a day are free.', 'After that the paywall offers a subscription, paid on the hosted checkout with a test card.'], metered: false },
  { slug: 'harbour', title: 'The harbour gets a new ferry line', lead: 'Commuters will cross the bay in twelve minutes from spring.', body: ['The city council approved the line on Tuesday.', 'Two electric ferries will run every twenty minutes at rush hour.'], metered: true },
  { slug: 'library', title: 'The library stays open until midnight', lead: 'A trial with late hours starts next month.', body: ['Students asked for quiet places to work in the evening.', 'The trial runs for six months before the board decides.'], metered: true },
  { slug: 'football', title: 'Late goal sends the town team up', lead: 'A header in the ninety-third minute decided the season.', body: ['Eight thousand saw the match in the rain.', 'The team plays in the second division next year.'], metered: true },
  { slug: 'bakery', title: 'The oldest bakery turns one hundred', lead: 'Four generations have baked cardamom buns on the square.', body: ['The family still uses the first oven for the bread.', 'On Saturday every customer gets a bun for free.'], metered: true },
  { slug: 'weather', title: 'A mild winter, say the forecasters', lead: 'Less snow than usual, and an early spring.', body: ['The sea is warmer than it has been in thirty years.', 'Skiers should look north for snow this season.'], metered: true },
];


const STYLE = `
body { margin: 0; font: 18px/1.6 Georgia, 'Times New Roman', serif; color: #1c1917; background: #fafaf9; }
header.masthead { background: #b91c1c; color: #fff; padding: 12px 16px; display: flex; justify-content: space-between; align-items: center; gap: 12px; flex-wrap: wrap; }
header.masthead a { color: #fff; }
.brand { font-size: 1.5rem; font-weight: 700; text-decoration: none; }
main { max-width: 42rem; margin: 0 auto; padding: 16px; }
.lead { font-size: 1.15rem; color: #44403c; }
.tag { display: inline-block; font: 12px/1.6 system-ui, sans-serif; background: #e7e5e4; border-radius: 4px; padding: 0 6px; }
ul.articles { list-style: none; padding: 0; }
ul.articles li { border-bottom: 1px solid #e7e5e4; padding: 12px 0; }
a:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
service-paywall { margin: 24px 0; }
`;

export interface DemoSite {
  vendorId: string;
  /** The demo site's browser client: the sign-in links work without script too. */
  clientId: string;
}

function page(site: DemoSite, title: string, content: string): string {
  const client = encodeURIComponent(site.clientId);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeText(title)}</title><link rel="icon" href="data:,"><style>${STYLE}</style>
<script src="/s/${encodeURIComponent(site.vendorId)}/bundle/stable" defer></script>
<script src="/demo/demo.js" defer></script>
</head><body>
<header class="masthead"><a class="brand" href="/demo/">Demo Daily</a>
<nav><a href="/auth/${client}/login?return_to=%2Fdemo%2F" service-link="login" service-visibility="not-logged-in">Sign in</a>
<a href="/auth/${client}/logout?return_to=%2Fdemo%2F" service-link="logout" service-visibility="logged-in" hidden>Sign out</a></nav></header>
<main>${content}</main></body></html>`;
}

export function demoFrontPage(site: DemoSite): string {
  const items = DEMO_ARTICLES.map(
    (a) => `<li><a href="/demo/articles/${a.slug}">${escapeText(a.title)}</a> <span class="tag">${a.metered ? 'metered' : 'free'}</span><br>${escapeText(a.lead)}</li>`,
  ).join('');
  return page(site, 'Demo Daily', `<h1>Today in Demo Daily</h1><p>A demo publisher site: it uses only Kiosk's public script tag.</p><ul class="articles">${items}</ul>`);
}

export function demoArticlePage(site: DemoSite, article: DemoArticle): string {
  const [first, ...rest] = article.body;
  const body = article.metered
    ? `<div data-service-paywall="${article.slug}"><p>${escapeText(first)}</p>
<div service-premium hidden>${rest.map((p) => `<p>${escapeText(p)}</p>`).join('')}</div>
<service-paywall content-id="${article.slug}" hidden></service-paywall></div>`
    : article.body.map((p) => `<p>${escapeText(p)}</p>`).join('');
  return page(site, `${article.title} - Demo Daily`, `<article><h1>${escapeText(article.title)}</h1><p class="lead">${escapeText(article.lead)}</p>${body}</article><p><a href="/demo/">All articles</a></p>`);
}

/**
 * The demo site's own script (no inline script: the page's CSP forbids it):
 * when the library is ready, a blocked article shows the paywall component.
 */
export const DEMO_SCRIPT = `window.addEventListener('serviceJsReady', function () {
  document.querySelectorAll('[data-service-paywall]').forEach(function (article) {
    var wall = article.querySelector('service-paywall');
    if (!wall) return;
    if (article.getAttribute('service-access') === 'allowed') { wall.hidden = true; return; }
    wall.setAttribute('paywall-id', window.service.config.paywallId);
    wall.hidden = false;
  });
});
`;
