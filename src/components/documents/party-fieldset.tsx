'use client';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Field, fieldId } from '@/components/forms/field';
import { Fieldset } from '@/components/forms/fieldset';
import { PARTY_TEXT_FIELDS, type HolderKind, type PartyForm } from '@/lib/portal/document-form';
import type { PlacedErrors } from './placed-errors';

interface PartyFieldsetProps {
  idPrefix: string;
  /** The party's path in the body: `consignor`, `subsequentCarriers[1]`. */
  path: string;
  legend: string;
  hint?: string;
  party: PartyForm;
  errors: PlacedErrors;
  onChange: (patch: Partial<PartyForm>) => void;
  /** Extra controls at the end (a remove button for subsequent carriers). */
  actions?: ReactNode;
}

/** Labels: `documents.party.holderKinds`. */
const HOLDER_OPTIONS: readonly HolderKind[] = ['none', 'account', 'email'];

/** One role of the document (spec §2.4): name, address, country, contact and who holds the role. */
export function PartyFieldset({ idPrefix, path, legend, hint, party, errors, onChange, actions }: PartyFieldsetProps) {
  const t = useTranslations('documents.party');
  const holderName = `${path}.holderKind`;
  return (
    <Fieldset idPrefix={idPrefix} path={path} legend={legend} hint={hint} errors={errors.all(path)} className="party">
      <div className="grid">
        {PARTY_TEXT_FIELDS.map((field) => (
          <Field
            key={field.key}
            idPrefix={idPrefix}
            name={`${path}.${field.key}`}
            label={t(`fields.${field.key}`)}
            hint={'hint' in field ? t(`hints.${field.key}`) : undefined}
            type={'type' in field ? field.type : 'text'}
            inputMode={'inputMode' in field ? field.inputMode : undefined}
            maxLength={'maxLength' in field ? field.maxLength : undefined}
            // The parties are other people's addresses: the browser's own autofill would only get in the way.
            autoComplete="off"
            value={party[field.key]}
            onChange={(event) => onChange({ [field.key]: event.target.value })}
            error={errors.at(`${path}.${field.key}`)}
          />
        ))}
      </div>
      {party.holderLocked ? (
        <p className="holder-locked" id={fieldId(idPrefix, `${path}.holder`)}>
          <strong>{t('holder')} </strong>
          {party.holderKind === 'account'
            ? t('holderAccount', { accountNumber: party.holderValue })
            : party.holderKind === 'email'
              ? party.holderValue
              : t('holderKinds.none')}
          <span className="hint"> {t('holderLocked')}</span>
        </p>
      ) : (
        <fieldset className="fieldset fieldset-inner">
          <legend>{t('holderQuestion')}</legend>
          <p className="hint" id={fieldId(idPrefix, `${path}.holder-hint`)}>
            {t('holderHint')}
          </p>
          <div className="radio-row">
            {HOLDER_OPTIONS.map((option) => {
              const id = fieldId(idPrefix, `${path}.holder-${option}`);
              return (
                <label key={option} htmlFor={id} className="checkbox-label">
                  <input
                    id={id}
                    type="radio"
                    name={holderName}
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
      )}
      {actions}
    </Fieldset>
  );
}
