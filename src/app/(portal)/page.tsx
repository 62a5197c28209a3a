import Link from 'next/link';

export default function HomePage() {
  return (
    <>
      <h1>Freight Document Service</h1>
      <p>Electronic consignment notes (e-CMR): draft, issue, hand over and deliver, with a REST API for client systems.</p>
      <p>
        <Link href="/login">Sign in</Link> · <Link href="/signup">Create an account</Link> · <Link href="/documents">My documents</Link> ·{' '}
        <Link href="/account">My account</Link>
      </p>
    </>
  );
}
