import { InvalidError } from '../shared';

/**
 * Where a checkout may send the buyer back to (`redirectUrl`): only the
 * vendor's own sites, so nobody holding the public client id can make a
 * receipt page that sends a buyer, under the vendor's name, to a site of
 * theirs. The adapter knows the vendor's registered origins and domains.
 */
export interface ReturnAddresses {
  /** Whether `url` (absolute, http or https) is on one of the vendor's registered origins or domains. */
  isHome(vendorId: string, url: URL): Promise<boolean>;
}

export class RedirectNotAllowed extends InvalidError {
  constructor(redirectUrl: string) {
    super('CHECKOUT.REDIRECT_NOT_ALLOWED', "redirectUrl must be on one of the vendor's sites (its registered origins or domains)", {
      field: 'redirectUrl',
      redirectUrl: redirectUrl.slice(0, 200),
    });
  }
}

/** Refuses a `redirectUrl` off the vendor's sites; absent or null (no return address) is fine. */
export async function assertHomeAddress(homes: ReturnAddresses | null, vendorId: string, redirectUrl: string | null | undefined): Promise<void> {
  const wanted = redirectUrl?.trim();
  if (!homes || !wanted || !URL.canParse(wanted)) return; // shape errors are the checkout's own (must be http(s))
  const url = new URL(wanted);
  if (url.username || url.password || !(await homes.isHome(vendorId, url))) throw new RedirectNotAllowed(wanted);
}
