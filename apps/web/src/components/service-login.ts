import { LoginView, loginView } from './login-view';
import { applyVendorColour, button, element, follow, service, styleElement } from './shared';
import { LOGIN_STRINGS, LoginStrings } from './login-content-text';
import { languageOf } from './reader-language';

const STYLE = `
:host { display: inline-block; }
.login { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
:host { max-width: 100%; }
.who { font-size: .95rem; overflow-wrap: anywhere; min-width: 0; }
`;

/**
 * `<service-login>`: a sign-in button, or who is signed in and a sign-out
 * button. Calls `window.service.auth` (sign-in through the vendor's browser
 * client, so it works on any page with the script tag), follows
 * `serviceJsAuthenticated` and `serviceJsLogout`. Attributes: `return-to`
 * (where to come back to; this page by default), `login-text`,
 * `logout-text`.
 */
export class ServiceLogin extends HTMLElement {
  private stop: (() => void) | undefined;
  private view: LoginView | undefined;

  connectedCallback() {
    if (!this.shadowRoot) this.attachShadow({ mode: 'open' });
    this.render();
    this.stop = follow(['serviceJsAuthenticated', 'serviceJsLogout'], () => void this.load());
  }

  disconnectedCallback() {
    this.stop?.();
  }

  private async load() {
    const auth = service()?.auth;
    if (!auth) return;
    applyVendorColour(this, service()?.config?.theme?.color);
    try {
      const signedIn = await auth.isAuthenticated();
      this.view = loginView(signedIn, signedIn ? await auth.getUser().catch(() => null) : null, this.words.yourAccount);
    } catch {
      this.view = { signedIn: false, name: '' };
    }
    this.setAttribute('state', this.view.signedIn ? 'signed-in' : 'signed-out');
    this.render();
  }

  /** The reader's language (reader-language.ts). */
  private get words(): LoginStrings {
    return LOGIN_STRINGS[languageOf(this, service()?.config as { locale?: unknown; defaultLanguage?: unknown } | undefined)];
  }

  private render() {
    const root = this.shadowRoot;
    if (!root) return;
    const box = element('div', 'login');
    box.setAttribute('role', 'group');
    const words = this.words;
    box.setAttribute('aria-label', words.group);
    const view = this.view;
    const returnTo = this.getAttribute('return-to') ?? undefined;
    if (view?.signedIn) {
      const who = element('span', 'who', words.signedInAs(view.name));
      who.setAttribute('aria-live', 'polite');
      box.append(
        who,
        button('secondary logout', this.getAttribute('logout-text') || words.signOut, () => service()?.auth?.logout(returnTo ? { returnTo } : {}), words.signOutLabel(view.name)),
      );
    } else {
      const login = button('primary login', this.getAttribute('login-text') || words.signIn, () => service()?.auth?.loginWithRedirect(returnTo ? { returnTo } : {}));
      // Until the library answers, the button waits (a click could not go anywhere yet).
      login.disabled = !view;
      box.append(login);
    }
    root.replaceChildren(styleElement(STYLE), box);
  }
}
