import { existsSync } from 'node:fs';
import { Browser, chromium, Page } from 'playwright-core';
import { Runtime } from '../../src/runtime';

/** Debian's chromium (DESIGN.md 7: never a downloaded browser); CI installs it. */
export const CHROMIUM = '/usr/bin/chromium';

/** `describe` where the browser is installed, `describe.skip` elsewhere (the suite says why it skipped). */
export const describeWithChromium = existsSync(CHROMIUM) ? describe : describe.skip;

/**
 * Headless Chromium as this machine runs it: without the background-networking
 * flags it tries Google's hosts at start, which a closed network refuses.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * Finishes a sign-up in the browser the way a reader does: the page says
 * "check your e-mail", the newest mail to `email` holds the link, and its page
 * has one button that creates the account.
 */
export async function confirmSignUpFromMail(page: Page, app: { runtime: Runtime }, email: string): Promise<void> {
  await page.waitForSelector('#check-mail');
  const [mail] = await app.runtime.database.db.query(
    `SELECT body FROM mail_messages WHERE to_address = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [email],
  );
  await page.goto(/(http\S+\/confirm\?token=\S+)/.exec(mail.body)![1]);
  await page.click('#confirm-sign-up');
}
