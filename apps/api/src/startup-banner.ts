/**
 * What `npm start` prints once the service listens in development (issue
 * 27, "one command, then click"): the addresses a person wants, so the
 * demo site, the portal, the reference and the mailbox are one click away.
 * Never printed in production (nor in tests): it is for a person at a
 * terminal, not for a log collector.
 */
export function startupBanner(env: 'development' | 'test' | 'production', baseUrl: string, demoVendorId: string): string | null {
  if (env !== 'development') return null;
  const base = baseUrl.replace(/\/+$/, '');
  const lines = [
    '',
    'Kiosk is ready:',
    `  Demo newspaper   ${base}/demo/`,
    `  Staff portal     ${base}/portal/?vendor=${encodeURIComponent(demoVendorId)}`,
    `  API reference    ${base}/docs`,
    `  Mailbox          ${base}/dev/mail  (sign-in codes and links sent in development)`,
    '',
  ];
  return `${lines.join('\n')}\n`;
}
