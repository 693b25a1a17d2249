import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, get, Me, SIGNED_OUT_EVENT, useSessionHeaders } from './api';
import { BASE, navigate, onLinkClick, useLocation } from './router';
import { messageOf, Notice, Staff, StaffContext, setVendorMoney } from './ui';
import { AccessListsPage } from './pages/access-lists';
import { BillsPage } from './pages/bills';
import { ContractPage, ContractsPage } from './pages/contracts';
import { DevelopersPage } from './pages/developers';
import { OverviewPage } from './pages/overview';
import { PaywallPage, PaywallsPage } from './pages/paywalls';
import { ProductsPage } from './pages/products';
import { StrategyPage } from './pages/strategies';
import { ReaderPage, ReadersPage } from './pages/readers';
import { SettingsPage } from './pages/settings';
import { TeamPage } from './pages/team';

const VENDOR_KEY = 'kiosk.portal.vendor';
/** Ends this browser's session and comes back to the sign-in screen; the next sign-in asks for the password again (`prompt=login`). */
const SIGN_OUT = `/auth/logout?local_only=true&return_to=${encodeURIComponent(`${location.origin}${BASE}/`)}`;

const NAV: [string, string][] = [
  ['/', 'Overview'],
  ['/products', 'Products'],
  ['/paywalls', 'Paywalls'],
  ['/readers', 'Readers'],
  ['/contracts', 'Contracts'],
  ['/bills', 'Bills'],
  ['/access-lists', 'Access lists'],
  ['/developers', 'Developers'],
  ['/settings', 'Settings'],
  ['/team', 'Team'],
];

function remembered(): string {
  try {
    return localStorage.getItem(VENDOR_KEY) ?? '';
  } catch {
    return '';
  }
}

function remember(vendorId: string): void {
  try {
    localStorage.setItem(VENDOR_KEY, vendorId);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}

const SIGN_IN_ERRORS: Record<string, string> = {
  NO_VENDOR: 'Enter your publisher ID to sign in.',
  NO_BROWSER_CLIENT:
    'This publisher has no sign-in set up (no browser client), or the ID is not known. Ask an owner to register a browser client, or check the ID.',
};

function SignInPage({ problem }: { problem?: string }) {
  const { search } = useLocation();
  const [vendor, setVendor] = useState(search.get('vendor') ?? remembered());
  const error = problem ?? SIGN_IN_ERRORS[search.get('sign_in_error') ?? ''] ?? null;
  useEffect(() => {
    document.title = 'Sign in · Kiosk portal';
  }, []);
  const submit = (event: Event) => {
    event.preventDefault();
    if (vendor.trim()) remember(vendor.trim());
    location.assign(`${BASE}/sign-in?vendor=${encodeURIComponent(vendor.trim())}`);
  };
  return (
    <div class="sign-in-screen">
      <main id="main" class="sign-in">
        <h1>Kiosk portal</h1>
        <p>For a publisher's staff: products, paywalls, readers, contracts, API keys and the team.</p>
        <form onSubmit={submit} aria-label="Sign in" class="card form">
          <div class="field">
            <label for="vendor-id">Publisher ID</label>
            <input id="vendor-id" name="vendor" value={vendor} required autoComplete="organization" aria-describedby="vendor-hint" onInput={(e) => setVendor(e.currentTarget.value)} />
            <small id="vendor-hint" class="hint">
              The short ID of the publisher you work for. The portal remembers it after you sign in once.
            </small>
          </div>
          <div class="actions">
            <button type="submit" id="portal-sign-in">
              Sign in
            </button>
          </div>
          <Notice error={error} />
        </form>
        <p>
          Developers: the management interface is described at <a href="/docs">/docs</a>.
        </p>
      </main>
    </div>
  );
}

function Page({ path }: { path: string }) {
  const [, section = '', id] = path.split('/').map(decodeURIComponent);
  switch (section) {
    case '':
      return <OverviewPage />;
    case 'products':
      return <ProductsPage />;
    case 'paywalls':
      return id ? <PaywallPage id={id} /> : <PaywallsPage />;
    case 'strategies':
      return id ? <StrategyPage id={id} /> : <PaywallsPage />;
    case 'readers':
      return id ? <ReaderPage id={id} /> : <ReadersPage />;
    case 'contracts':
      return id ? <ContractPage id={id} /> : <ContractsPage />;
    case 'bills':
      return <BillsPage />;
    case 'access-lists':
      return <AccessListsPage selected={id} />;
    case 'developers':
      return <DevelopersPage />;
    case 'settings':
      return <SettingsPage />;
    case 'team':
      return <TeamPage />;
    default:
      return (
        <>
          <h1 tabIndex={-1} id="page-title">
            Page not found
          </h1>
          <p>
            There is no page here. Go to the <a href={`${BASE}/`}>overview</a>.
          </p>
        </>
      );
  }
}

function Shell({ me, staff, onVendor }: { me: Me; staff: Staff; onVendor: (vendorId: string) => void }) {
  const { path } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const first = useRef(true);
  useEffect(() => {
    setMenuOpen(false);
    if (first.current) {
      first.current = false;
      return;
    }
    // A new page: move focus to its heading so keyboard and screen-reader users start there.
    requestAnimationFrame(() => document.getElementById('page-title')?.focus());
  }, [path]);
  // A strategy's page belongs to Paywalls in the navigation.
  const section = path.startsWith('/strategies') ? `/paywalls${path.slice('/strategies'.length)}` : path;
  const active = (href: string) => (href === '/' ? section === '/' : section === href || section.startsWith(`${href}/`));
  return (
    <div class="layout" onClick={onLinkClick}>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top" role="banner">
        <button
          type="button"
          class="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Menu
        </button>
        <p class="vendor-name" id="vendor-name">
          {staff.vendorName}
        </p>
        <div class="who">
          {me.vendors.length > 1 ? (
            <label class="vendor-switch">
              <span class="visually-hidden">Publisher</span>
              <select value={staff.vendorId} onChange={(e) => onVendor(e.currentTarget.value)}>
                {me.vendors.map((v) => (
                  <option value={v.vendorId}>{v.vendorId}</option>
                ))}
              </select>
            </label>
          ) : null}
          <span class="email">{me.email}</span> <span class="role">({staff.role})</span>{' '}
          <a href={SIGN_OUT} id="sign-out">
            Sign out
          </a>
        </div>
      </header>
      <nav
        id="nav"
        aria-label="Portal"
        class={menuOpen ? 'open' : ''}
        onKeyDown={(e) => {
          // Escape closes the folded menu and returns to its button.
          if (e.key === 'Escape' && menuOpen) {
            setMenuOpen(false);
            document.querySelector<HTMLButtonElement>('.menu-toggle')?.focus();
          }
        }}
      >
        <ul>
          {NAV.map(([href, label]) => (
            <li>
              <a href={`${BASE}${href === '/' ? '/' : href}`} aria-current={active(href) ? 'page' : undefined}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        <Page path={path} />
      </main>
    </div>
  );
}

type State =
  | { kind: 'loading' }
  | { kind: 'signed-out'; problem?: string }
  | { kind: 'no-team'; me: Me }
  | { kind: 'ready'; me: Me; staff: Staff }
  | { kind: 'failed'; message: string };

function App() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [vendorChoice, setVendorChoice] = useState<string | null>(null);
  useEffect(() => {
    const ended = () => (useSessionHeaders(null, null), setState({ kind: 'signed-out', problem: 'Your session has ended. Sign in again.' }));
    addEventListener(SIGNED_OUT_EVENT, ended);
    return () => removeEventListener(SIGNED_OUT_EVENT, ended);
  }, []);
  useEffect(() => {
    let current = true;
    (async () => {
      let me: Me;
      try {
        useSessionHeaders(null, null);
        me = await get<Me>('/management/me');
      } catch (e) {
        if (!current) return;
        if (e instanceof ApiError && e.status === 401) return setState({ kind: 'signed-out', problem: e.code === 'AUTH.SESSION_EXPIRED' ? 'Your session has ended. Sign in again.' : undefined });
        return setState({ kind: 'failed', message: messageOf(e) });
      }
      if (me.vendors.length === 0) return current && setState({ kind: 'no-team', me });
      const wanted = vendorChoice ?? new URLSearchParams(location.search).get('vendor') ?? remembered();
      const membership = me.vendors.find((v) => v.vendorId === wanted) ?? me.vendors[0];
      remember(membership.vendorId);
      useSessionHeaders(me.csrfToken, membership.vendorId);
      let vendorName = membership.vendorId;
      let currency: string | null = null;
      try {
        const [vendor] = await get<{ id: string; name: string; currency?: string | null }[]>('/management/vendors');
        if (vendor?.name) vendorName = vendor.name;
        currency = vendor?.currency ?? null;
      } catch {
        /* the ID stands in for the name; money is written in its own currency */
      }
      setVendorMoney(currency);
      if (!current) return;
      if (new URLSearchParams(location.search).has('vendor')) navigate(location.pathname, true);
      setState({ kind: 'ready', me, staff: { userId: me.userId, email: me.email, vendorId: membership.vendorId, vendorName, role: membership.role, scopes: membership.scopes, currency } });
    })();
    return () => void (current = false);
  }, [vendorChoice]);

  if (state.kind === 'loading') return <main id="main" class="boot"><p aria-live="polite">Loading the portal…</p></main>;
  if (state.kind === 'signed-out') return <SignInPage problem={state.problem} />;
  if (state.kind === 'failed') {
    return (
      <main id="main" class="sign-in">
        <h1>Kiosk portal</h1>
        <Notice error={`The portal could not start: ${state.message}`} />
      </main>
    );
  }
  if (state.kind === 'no-team') {
    return (
      <main id="main" class="sign-in">
        <h1>Not on a team yet</h1>
        <p>
          You are signed in as {state.me.email}, but you are not on any publisher's team. Ask an owner to invite you, then open the link in the invitation.
        </p>
        <p>
          <a href={SIGN_OUT}>Sign out</a>
        </p>
      </main>
    );
  }
  return (
    <StaffContext.Provider value={state.staff}>
      <Shell me={state.me} staff={state.staff} key={state.staff.vendorId} onVendor={(v) => (remember(v), setVendorChoice(v))} />
    </StaffContext.Provider>
  );
}

render(<App />, document.getElementById('app')!);
