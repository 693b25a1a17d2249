import { CapsuleManifest, manifestScript } from '@kiosk/domain/capsule';
import { escapeText } from '../platform/http/page-shell';

/** The demo newspaper's pages: plain HTML, the script tag, and the attributes the library reads. */
export interface DemoArticle {
  slug: string;
  title: string;
  lead: string;
  body: string[];
  /** Metered articles are behind the paywall's free reads; free ones are not. */
  metered: boolean;
  /** Premium: the body after the first paragraph is encrypted in the page (a capsule manifest) for the `premium` scope. */
  premium?: boolean;
}

export const DEMO_ARTICLES: readonly DemoArticle[] = [
  { slug: 'welcome', title: 'Welcome to Demo Daily', lead: 'This newspaper runs on Kiosk with one script tag.', body: ['Every article but this one is metered: three a day are free.', 'After that the paywall offers a subscription, paid on the hosted checkout with a test card.'], metered: false },
  { slug: 'harbour', title: 'The harbour gets a new ferry line', lead: 'Commuters will cross the bay in twelve minutes from spring.', body: ['The city council approved the line on Tuesday.', 'Two electric ferries will run every twenty minutes at rush hour.'], metered: true },
  { slug: 'library', title: 'The library stays open until midnight', lead: 'A trial with late hours starts next month.', body: ['Students asked for quiet places to work in the evening.', 'The trial runs for six months before the board decides.'], metered: true },
  { slug: 'football', title: 'Late goal sends the town team up', lead: 'A header in the ninety-third minute decided the season.', body: ['Eight thousand saw the match in the rain.', 'The team plays in the second division next year.'], metered: true },
  { slug: 'bakery', title: 'The oldest bakery turns one hundred', lead: 'Four generations have baked cardamom buns on the square.', body: ['The family still uses the first oven for the bread.', 'On Saturday every customer gets a bun for free.'], metered: true },
  { slug: 'weather', title: 'A mild winter, say the forecasters', lead: 'Less snow than usual, and an early spring.', body: ['The sea is warmer than it has been in thirty years.', 'Skiers should look north for snow this season.'], metered: true },
  { slug: 'archive', title: 'Inside the city archive', lead: 'For subscribers: this story is encrypted in the page and opens in your browser.', body: ['The archive keeps eight hundred years of the town in its cellars.', 'Its keeper shows us the oldest map of the harbour, drawn in 1374.', 'From next year the whole collection will be online for subscribers.'], metered: false, premium: true },
];

/** The encrypted part of a premium article, as the publisher renders it into the capsule (HTML of the page). */
export function premiumBodyHtml(article: DemoArticle): string {
  return article.body
    .slice(1)
    .map((p) => `<p>${escapeText(p)}</p>`)
    .join('');
}


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
service-paywall, service-account { margin: 24px 0; }
main, article { min-width: 0; overflow-wrap: anywhere; }
.locked { font: 16px/1.5 system-ui, sans-serif; background: #f5f5f4; border-left: 4px solid #b91c1c; padding: 8px 12px; }
nav { display: flex; gap: 12px; flex-wrap: wrap; }
`;

/**
 * The demo publisher's own words around its articles, in the reader's
 * language (Accept-Language, by the service's one choice), so the Kiosk
 * components on its pages follow the page's `lang`. The articles themselves
 * are the publisher's English and say so (`lang="en"` on their text).
 */
export type DemoLanguage = 'en' | 'sv';
const CHROME = {
  en: {
    signIn: 'Sign in', account: 'Your account', signOut: 'Sign out', all: 'All articles', today: 'Today in Demo Daily',
    intro: "A demo publisher site: it uses only Kiosk's public script tag.", premium: 'premium', metered: 'metered', free: 'free',
    locked: 'The rest of this article is for Demo Daily subscribers.', noKeys: ' (The demo has no capsule keys yet.)',
  },
  sv: {
    signIn: 'Logga in', account: 'Ditt konto', signOut: 'Logga ut', all: 'Alla artiklar', today: 'I dag i Demo Daily',
    intro: 'En demosajt för en publicist: den använder bara Kiosks publika skripttagg.', premium: 'premium', metered: 'begränsad', free: 'fri',
    locked: 'Resten av artikeln är för Demo Dailys prenumeranter.', noKeys: ' (Demon har inga kapselnycklar än.)',
  },
} as const satisfies Record<DemoLanguage, Record<string, string>>;

/** ` lang="en"` on the publisher's English text when the page around it speaks another language; nothing on an English page. */
const english = (lang: DemoLanguage) => (lang === 'en' ? '' : ' lang="en"');

export interface DemoSite {
  vendorId: string;
  /** The demo site's browser client: the sign-in links work without script too. */
  clientId: string;
}

function page(site: DemoSite, title: string, content: string, lang: DemoLanguage = 'en'): string {
  const client = encodeURIComponent(site.clientId);
  const w = CHROME[lang];
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeText(title)}</title><link rel="icon" href="data:,"><style>${STYLE}</style>
<script src="/s/${encodeURIComponent(site.vendorId)}/bundle/stable" defer></script>
<script src="/demo/demo.js" defer></script>
</head><body>
<header class="masthead"><a class="brand" href="/demo/">Demo Daily</a>
<nav><a href="/auth/${client}/login?return_to=%2Fdemo%2F" service-link="login" service-visibility="not-logged-in">${w.signIn}</a>
<a href="/demo/account" service-visibility="logged-in" hidden>${w.account}</a>
<a href="/auth/${client}/logout?return_to=%2Fdemo%2F" service-link="logout" service-visibility="logged-in" hidden>${w.signOut}</a></nav></header>
<main>${content}</main></body></html>`;
}

export function demoFrontPage(site: DemoSite, lang: DemoLanguage = 'en'): string {
  const w = CHROME[lang];
  const items = DEMO_ARTICLES.map(
    (a) =>
      `<li><a href="/demo/articles/${a.slug}"${english(lang)}>${escapeText(a.title)}</a> <span class="tag">${a.premium ? w.premium : a.metered ? w.metered : w.free}</span><br>` +
      (lang === 'en' ? escapeText(a.lead) : `<span lang="en">${escapeText(a.lead)}</span>`) +
      '</li>',
  ).join('');
  return page(site, 'Demo Daily', `<h1>${escapeText(w.today)}</h1><p>${escapeText(w.intro)}</p><ul class="articles">${items}</ul>`, lang);
}

/**
 * One article. A premium one carries its encrypted body (`manifest`,
 * rendered by the publisher for this request): the library unlocks it for a
 * subscriber and writes the text into `[data-service-capsule]`; anyone else
 * sees the notice and the paywall.
 */
export function demoArticlePage(site: DemoSite, article: DemoArticle, manifest: CapsuleManifest | null = null, lang: DemoLanguage = 'en'): string {
  const [first, ...rest] = article.body;
  const w = CHROME[lang];
  const en = english(lang);
  const body = article.premium
    ? `<p${en}>${escapeText(first)}</p>
<div data-service-capsule="bodytext"><p class="locked">${escapeText(w.locked)}${manifest ? '' : escapeText(w.noKeys)}</p></div>
<service-paywall data-capsule-paywall content-id="${article.slug}" hidden></service-paywall>${manifest ? manifestScript(manifest) : ''}`
    : article.metered
    ? `<div data-service-paywall="${article.slug}"><p${en}>${escapeText(first)}</p>
<div service-premium hidden${en}>${rest.map((p) => `<p>${escapeText(p)}</p>`).join('')}</div>
<service-paywall content-id="${article.slug}" hidden></service-paywall></div>`
    : article.body.map((p) => `<p${en}>${escapeText(p)}</p>`).join('');
  return page(
    site,
    `${article.title} - Demo Daily`,
    `<article><h1${en}>${escapeText(article.title)}</h1><p class="lead"${en}>${escapeText(article.lead)}</p>${body}</article><p><a href="/demo/">${escapeText(w.all)}</a></p>`,
    lang,
  );
}

/**
 * The reader's account page: the account component, signed in or not. The
 * page's heading stands for the component's (`heading=""`) and the header's
 * link signs out, so each heading and "Sign out" shows once.
 */
export function demoAccountPage(site: DemoSite, lang: DemoLanguage = 'en'): string {
  const w = CHROME[lang];
  return page(site, `${w.account} - Demo Daily`, `<h1>${escapeText(w.account)}</h1><service-account heading=""></service-account><p><a href="/demo/">${escapeText(w.all)}</a></p>`, lang);
}

/**
 * The demo site's own script (no inline script: the page's CSP forbids it):
 * when the library is ready, every metered article shows the paywall
 * component: on an article the visitor may read it is the meter ("2 of 3
 * free articles left today"), on a blocked one the paywall with when the
 * free articles renew. A signed-in reader's open article shows nothing; a
 * premium article that stayed locked shows the paywall.
 */
export const DEMO_SCRIPT = `window.addEventListener('serviceJsReady', function () {
  var auth = window.service.auth;
  var signedIn = auth && auth.isAuthenticated ? auth.isAuthenticated() : Promise.resolve(false);
  Promise.resolve(signedIn).catch(function () { return false; }).then(function (signedIn) {
    document.querySelectorAll('[data-service-paywall]').forEach(function (article) {
      var wall = article.querySelector('service-paywall');
      if (!wall) return;
      if (article.getAttribute('service-access') === 'allowed' && signedIn) { wall.hidden = true; return; }
      wall.setAttribute('paywall-id', window.service.config.paywallId);
      wall.hidden = false;
    });
    var capsule = document.querySelector('[data-service-capsule]');
    var capsuleWall = document.querySelector('service-paywall[data-capsule-paywall]');
    if (capsule && capsuleWall) {
      var open = capsule.getAttribute('service-capsule') === 'open';
      capsuleWall.hidden = open;
      if (!open) capsuleWall.setAttribute('paywall-id', window.service.config.paywallId);
    }
  });
});
`;
