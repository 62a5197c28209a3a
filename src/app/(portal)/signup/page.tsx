import type { Metadata } from 'next';
import Link from 'next/link';
import { SignUpForm } from '@/components/sign-up-form';
import { getConfig } from '@/server/config/env';
import { mailboxExists } from '@/server/services/mail/list-mailbox';

export const metadata: Metadata = { title: 'Create an account · Freight Document Service' };

export default function SignUpPage() {
  return (
    <div className="narrow">
      <h1 id="signup-title">Create an account</h1>
      <p>
        Already have an account? <Link href="/login">Sign in</Link>
      </p>
      <SignUpForm partnerEnvironment={mailboxExists(getConfig())} />
    </div>
  );
}
