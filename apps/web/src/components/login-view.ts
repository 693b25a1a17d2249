/** What `<service-login>` shows: pure, so it is tested without a browser. */
export interface LoginView {
  signedIn: boolean;
  /** Who is signed in, as the reader would recognise it. */
  name: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The signed-in reader's name from a profile: name, given and family name, nickname, then e-mail. */
export function displayName(profile: unknown, fallback = 'your account'): string {
  const p = (typeof profile === 'object' && profile !== null ? profile : {}) as Record<string, unknown>;
  const joined = [text(p.given_name) || text(p.firstName), text(p.family_name) || text(p.lastName)].filter(Boolean).join(' ');
  return text(p.name) || joined || text(p.nickname) || text(p.email) || fallback;
}

export function loginView(signedIn: boolean, profile: unknown, fallback?: string): LoginView {
  return signedIn ? { signedIn, name: displayName(profile, fallback) } : { signedIn, name: '' };
}
