import { isIP } from 'node:net';
import { InvalidWebhookUrl } from '@kiosk/domain/webhooks';
import { addressAllowed } from './webhook-sender';

/**
 * Refuses, when an endpoint is saved, a URL whose host is a private,
 * loopback, link-local or reserved address literal (or `localhost`). Names
 * are resolved and checked again on every attempt, so DNS cannot smuggle
 * one in later.
 */
export async function checkEndpointAddress(raw: string, allowLoopback: boolean): Promise<void> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return; // the domain refuses it with its reason
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const literal = isIP(host) ? host : host === 'localhost' || host.endsWith('.localhost') ? '127.0.0.1' : null;
  if (literal && !addressAllowed(literal, allowLoopback)) {
    throw new InvalidWebhookUrl('the endpoint address is private, loopback, link-local or reserved', raw);
  }
}
