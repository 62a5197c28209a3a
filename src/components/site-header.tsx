import Link from 'next/link';
import { SignOutButton } from './sign-out-button';

/** The portal's header: skip link, service name, and the few places a person goes. */
/** `mailbox`: the development mailbox exists (partner environment without SMTP); shown to signed-in people only. */
export function SiteHeader({ signedIn, partnerEnvironment, mailbox }: { signedIn: boolean; partnerEnvironment: boolean; mailbox: boolean }) {
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="site-header-inner">
        <Link href="/" className="brand">
          Freight Document Service
        </Link>
        {partnerEnvironment ? <span className="env-badge">Partner environment</span> : null}
        <nav aria-label="Main">
          <ul className="nav-list">
            <li>
              <Link href="/">Home</Link>
            </li>
            {mailbox && signedIn ? (
              <li>
                <Link href="/dev/mailbox">Mailbox</Link>
              </li>
            ) : null}
            {signedIn ? (
              <>
                <li>
                  <Link href="/documents">Documents</Link>
                </li>
                <li>
                  <Link href="/account">Account</Link>
                </li>
                <li>
                  <SignOutButton className="link-button" />
                </li>
              </>
            ) : (
              <>
                <li>
                  <Link href="/signup">Create account</Link>
                </li>
                <li>
                  <Link href="/login">Sign in</Link>
                </li>
              </>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
