import { PageHeading, useCan, useStaff } from '../ui';
import { ScriptBundle } from './settings-script-bundle';
import { Checkout } from './settings-checkout';
import { Invoicing } from './settings-invoicing';
import { SignInPages } from './settings-sign-in-pages';
import { SignedLinks, Sites } from './settings-links-and-sites';

// The vendor's settings that once needed the command line or raw API calls:
// the script bundle, checkout, invoicing details, the readers' sign-in pages,
// signed-link tiers and the sites' own details. Each section reads with its
// read scope and offers a form only to a role whose scopes allow the write;
// other roles see the values as a list.

export function SettingsPage() {
  const canWriteAny = useCan('sites:write');
  const staff = useStaff();
  return (
    <>
      <PageHeading title="Settings">Your script bundle, checkout, invoicing details, sign-in pages, signed links and sites.</PageHeading>
      {canWriteAny ? null : <p class="note">Your role ({staff.role}) can read these settings but not change them.</p>}
      <nav aria-label="Settings sections" class="settings-toc">
        <ul class="inline-list">
          <li>
            <a href="#script-heading">Script bundle</a>
          </li>
          <li>
            <a href="#checkout-heading">Checkout</a>
          </li>
          <li>
            <a href="#invoicing-heading">Invoicing details</a>
          </li>
          <li>
            <a href="#sign-in-pages-heading">Sign-in pages</a>
          </li>
          <li>
            <a href="#links-heading">Signed links</a>
          </li>
          <li>
            <a href="#sites-edit-heading">Sites</a>
          </li>
        </ul>
      </nav>
      <ScriptBundle />
      <Checkout />
      <Invoicing />
      <SignInPages />
      <SignedLinks />
      <Sites />
    </>
  );
}
