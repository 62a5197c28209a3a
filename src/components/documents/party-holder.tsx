'use client';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Field, fieldId } from '@/components/forms/field';
import type { HolderKind, PartyForm } from '@/lib/portal/document-form';
import type { PlacedErrors } from './placed-errors';

/** Labels: `documents.party.holderKinds`. */
const HOLDER_OPTIONS: readonly HolderKind[] = ['none', 'account', 'email'];

interface PartyHolderProps {
  idPrefix: string;
  path: string;
  party: PartyForm;
  errors: PlacedErrors;
  onChange: (patch: Partial<PartyForm>) => void;
  /** Where "copy to a new draft" leads: the allowed way to name another holder once the role is fixed. */
  copyHref?: string;
}

/** Who holds the role: an account, an e-mail address, or nobody; fixed once the draft is saved (4.8). */
export function PartyHolder({ idPrefix, path, party, errors, onChange, copyHref }: PartyHolderProps) {
  const t = useTranslations('documents.party');
  const portal = useTranslations('portal.party');
  if (party.holderLocked) {
    return (
      <div className="holder-locked" id={fieldId(idPrefix, `${path}.holder`)}>
        <p>
          <strong>{t('holder')} </strong>
          {party.holderKind === 'account'
            ? t('holderAccount', { accountNumber: party.holderValue })
            : party.holderKind === 'email'
              ? party.holderValue
              : t('holderKinds.none')}
        </p>
        <p className="hint">
          {portal('holderFixed')} {copyHref ? <Link href={copyHref}>{portal('holderFixedCopy')}</Link> : null}
        </p>
      </div>
    );
  }
  return (
    <fieldset className="fieldset fieldset-inner">
      <legend>{t('holderQuestion')}</legend>
      <p className="hint" id={fieldId(idPrefix, `${path}.holder-hint`)}>
        {t('holderHint')} {portal('holderBeforeSaving')}
      </p>
      <div className="radio-row">
        {HOLDER_OPTIONS.map((option) => {
          const id = fieldId(idPrefix, `${path}.holder-${option}`);
          return (
            <label key={option} htmlFor={id} className="checkbox-label">
              <input
                id={id}
                type="radio"
                name={`${path}.holderKind`}
                value={option}
                checked={party.holderKind === option}
                onChange={() => onChange({ holderKind: option, holderValue: '' })}
              />
              <span>{t(`holderKinds.${option}`)}</span>
            </label>
          );
        })}
      </div>
      {party.holderKind === 'account' ? (
        <Field
          idPrefix={idPrefix}
          name={`${path}.submittedAccountNumber`}
          label={t('holderAccountNumber')}
          inputMode="numeric"
          autoComplete="off"
          value={party.holderValue}
          onChange={(event) => onChange({ holderValue: event.target.value })}
          error={errors.at(`${path}.submittedAccountNumber`)}
        />
      ) : null}
      {party.holderKind === 'email' ? (
        <Field
          idPrefix={idPrefix}
          name={`${path}.submittedAccountEmailAddress`}
          label={t('holderEmail')}
          type="email"
          autoComplete="off"
          value={party.holderValue}
          onChange={(event) => onChange({ holderValue: event.target.value })}
          error={errors.at(`${path}.submittedAccountEmailAddress`)}
        />
      ) : null}
    </fieldset>
  );
}
