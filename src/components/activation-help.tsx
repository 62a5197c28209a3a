'use client';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { activationCommand } from '@/lib/portal/activation-command';
import '@/components/delegation/delegation.css';

/**
 * How an account is activated where no e-mail goes out (issue 34 item 3: a partner environment without SMTP_URL): only
 * whoever runs the server can prove nothing and activate, with the exact command for this address; and how to make
 * the environment send mail. Without a proven address nobody activates themselves (contract §3).
 */
export function ActivationHelp({ email }: { email: string }) {
  const t = useTranslations('signup');
  return (
    <div className="activation-help" data-testid="activation-help">
      <p>{t('partnerActivation')}</p>
      {/* Wrapped, not scrolled: the whole command is read and copied at any width. */}
      <pre className="code-block" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="activation-command">
        <code>{activationCommand(email)}</code>
      </pre>
      <p>{t.rich('partnerSmtp', { code: (chunks) => <code>{chunks}</code>, link: (chunks) => <Link href="/dev/mailbox">{chunks}</Link> })}</p>
    </div>
  );
}
