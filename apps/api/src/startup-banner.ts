/**
 * What `npm start` prints once the service listens in development (issue
 * 27, "one command, then click"): the addresses a person wants, so the
 * demo site, the portal, the reference and the mailbox are one click away.
 * Never printed in production (nor in tests): it is for a person at a
 * terminal, not for a log collector.
 */
/** The demo owner's one-time portal sign-in link, made when `npm start` makes the demo on an empty database. */
export interface DemoOwnerLink {
  readonly email: string;
  readonly url: string;
  readonly expiresAt: Date;
}

export function startupBanner(
  env: 'development' | 'test' | 'production',
  baseUrl: string,
  demo: { readonly vendorId: string; readonly ownerEmail: string },
  ownerLink: DemoOwnerLink | null = null,
): string | null {
  if (env !== 'development') return null;
  const base = baseUrl.replace(/\/+$/, '');
  const vendor = encodeURIComponent(demo.vendorId);
  const lines = [
    '',
    'Kiosk is ready:',
    `  Demo newspaper   ${base}/demo/`,
    `  Staff portal     ${base}/portal/?vendor=${vendor}`,
    `  API reference    ${base}/docs`,
    `  Mailbox          ${base}/dev/mail  (sign-in codes and links sent in development)`,
    '',
    ...(ownerLink
      ? [
          `Demo staff login: ${ownerLink.email}, the demo's owner. Open the portal signed in with this one-time link`,
          `(it works once, until ${ownerLink.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC):`,
          `  ${ownerLink.url}`,
        ]
      : [
          'Staff portal sign-in: a one-time link for the demo owner is printed by',
          `  npm run kiosk -- staff:sign-in-link --vendor ${demo.vendorId} --email ${demo.ownerEmail}`,
          'or sign in with an e-mailed code (the Mailbox shows it).',
        ]),
    '',
  ];
  return `${lines.join('\n')}\n`;
}
