import { useTranslations } from 'next-intl';
import { DateTime } from './i18n/date-time';
import { useEnumLabel } from './i18n/labels';
import { LinkifiedText } from './linkified-text';

export interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  status: string;
  createdAt: Date;
}

/** The development mailbox: the outbox, newest first, each mail with its links clickable. */
export function MailboxList({ mails }: { mails: readonly MailboxEntry[] }) {
  const t = useTranslations('mailbox');
  const label = useEnumLabel();
  if (mails.length === 0) return <p>{t('empty')}</p>;
  return (
    <ol className="mailbox" aria-label={t('listLabel')}>
      {mails.map((mail) => (
        <li key={mail.id} className="mail">
          <article aria-labelledby={`mail-${mail.id}-subject`}>
            <h2 id={`mail-${mail.id}-subject`} className="mail-subject">
              {mail.subject}
            </h2>
            <dl className="mail-meta">
              <dt>{t('to')}</dt>
              <dd className="mail-to">{mail.to}</dd>
              <dt>{t('time')}</dt>
              <dd>
                <DateTime value={mail.createdAt.toISOString()} />
              </dd>
              <dt>{t('status')}</dt>
              <dd>{label('mailStatus', mail.status)}</dd>
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
