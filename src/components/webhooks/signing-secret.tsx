'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';

/** How a receiver checks a delivery: the README's example, with the maintained Standard Webhooks library. */
const SNIPPET = `import http from 'node:http';
import { Webhook } from 'standardwebhooks';

const verifier = new Webhook(process.env.FDS_SIGNING_SECRET); // "whsec_…"
http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    try {
      // Throws on a wrong signature or a timestamp older than 5 minutes.
      const event = verifier.verify(body, req.headers);
      console.log(req.headers['webhook-id'], event.freightDocumentId, event.status);
      res.writeHead(200).end();
    } catch {
      res.writeHead(401).end();
    }
  });
}).listen(8080);`;

/**
 * The signing secret of a new subscription, shown this once (the server keeps it sealed and never answers it
 * again), with a copy button and how to verify a delivery with it. Takes the focus when it appears.
 */
export function SigningSecret({ callbackUrl, secret, idPrefix, onDone }: { callbackUrl: string; secret: string; idPrefix: string; onDone: () => void }) {
  const t = useTranslations('delegation.secret');
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <div className="secret-panel" data-testid="signing-secret">
      <h3 id={`${idPrefix}-secret-title`} ref={heading} tabIndex={-1}>
        {t('title')}
      </h3>
      <p>{t('intro', { url: callbackUrl })}</p>
      <label htmlFor={`${idPrefix}-secret`}>{t('label')}</label>
      <div className="secret-row">
        <input id={`${idPrefix}-secret`} className="input" readOnly value={secret} onFocus={(event) => event.currentTarget.select()} />
        <button type="button" className="button button-secondary" onClick={() => void copy()}>
          {t('copy')}
        </button>
      </div>
      <p role="status" className="hint">
        {copied === 'yes' ? t('copied') : copied === 'failed' ? t('copyFailed') : ''}
      </p>
      <h4>{t('verifyTitle')}</h4>
      <p>{t('verifyText')}</p>
      <pre className="code-block" tabIndex={0} aria-label={t('snippetLabel')}>
        <code>{SNIPPET}</code>
      </pre>
      <button type="button" className="button button-primary" onClick={onDone}>
        {t('done')}
      </button>
    </div>
  );
}
