import { LinkifiedText } from './linkified-text';

export interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  status: string;
  createdAt: Date;
}

function formatTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** The development mailbox: the outbox, newest first, each mail with its links clickable. */
export function MailboxList({ mails }: { mails: readonly MailboxEntry[] }) {
  if (mails.length === 0) return <p>No e-mails yet. Mails the service sends (for example the activation link after sign-up) appear here.</p>;
  return (
    <ol className="mailbox" aria-label="E-mails, newest first">
      {mails.map((mail) => (
        <li key={mail.id} className="mail">
          <article aria-labelledby={`mail-${mail.id}-subject`}>
            <h2 id={`mail-${mail.id}-subject`} className="mail-subject">
              {mail.subject}
            </h2>
            <dl className="mail-meta">
              <dt>To</dt>
              <dd className="mail-to">{mail.to}</dd>
              <dt>Time</dt>
              <dd>
                <time dateTime={mail.createdAt.toISOString()}>{formatTime(mail.createdAt)}</time>
              </dd>
              <dt>Status</dt>
              <dd>{mail.status}</dd>
            </dl>
            <pre className="mail-body">
              <LinkifiedText text={mail.text} />
            </pre>
          </article>
        </li>
      ))}
    </ol>
  );
}
