'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SignatureField } from './signature-field';
import { SignerNameField } from './signer-name-field';
import { useSignaturePad } from './use-signature-pad';

const padHeight = (width: number) => Math.round(Math.min(280, width * 0.45));

/**
 * Sign on glass (contract §7): the counter party writes their name and signs on the tablet with a finger;
 * clear and redo until it is right. The image (PNG) becomes the evidence, a sealed attachment of the document.
 */
export function SignaturePanel({ busy, onSign }: { busy: boolean; onSign: (evidence: { name: string; email?: string; png: string }) => void }) {
  const t = useTranslations('tablet.signature');
  const signature = useSignaturePad(padHeight);
  const { pad, clear } = signature;
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<'name' | 'signature'>();
  const [attempt, setAttempt] = useState(0);

  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        setAttempt((count) => count + 1);
        if (!name.trim()) return setProblem('name');
        if (!pad.current || pad.current.isEmpty()) return setProblem('signature');
        setProblem(undefined);
        const dataUrl = pad.current.getCanvas().toDataURL('image/png');
        onSign({ name: name.trim(), ...(email.trim() ? { email: email.trim() } : {}), png: dataUrl.slice(dataUrl.indexOf(',') + 1) });
      }}
    >
      <SignerNameField
        label={t('name')}
        value={name}
        autoComplete="off"
        attempt={attempt}
        error={problem === 'name' ? t('nameMissing') : undefined}
        onChange={setName}
        onErrorFixed={() => setProblem(undefined)}
      />
      <div className="field">
        <label htmlFor="signer-email">
          {t('email')} <span className="optional">{t('optional')}</span>
        </label>
        <input
          id="signer-email"
          className="input input-large"
          type="email"
          value={email}
          autoComplete="off"
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <SignatureField
        signature={signature}
        label={t('area')}
        error={problem === 'signature' ? t('signatureMissing') : undefined}
        attempt={attempt}
        onDrawn={() => setProblem((current) => (current === 'signature' ? undefined : current))}
      />
      <div className="actions">
        <button type="button" className="button button-secondary button-large" onClick={clear}>
          {t('clear')}
        </button>
        <button type="submit" className="button button-primary button-large" disabled={busy}>
          {t('confirm')}
        </button>
      </div>
    </form>
  );
}
