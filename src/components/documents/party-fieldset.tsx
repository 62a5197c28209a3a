'use client';
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

const HOLDER_OPTIONS: { value: HolderKind; label: string }[] = [
  { value: 'none', label: 'No holder' },
  { value: 'account', label: 'An account, by account number' },
  { value: 'email', label: 'A person, by e-mail address' },
];

/** One role of the document (spec §2.4): name, address, country, contact and who holds the role. */
export function PartyFieldset({ idPrefix, path, legend, hint, party, errors, onChange, actions }: PartyFieldsetProps) {
  const holderName = `${path}.holderKind`;
  return (
    <Fieldset idPrefix={idPrefix} path={path} legend={legend} hint={hint} errors={errors.all(path)} className="party">
      <div className="grid">
        {PARTY_TEXT_FIELDS.map((field) => (
          <Field
            key={field.key}
            idPrefix={idPrefix}
            name={`${path}.${field.key}`}
            label={field.label}
            hint={'hint' in field ? field.hint : undefined}
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
          <strong>Holder: </strong>
          {party.holderKind === 'account' ? `account ${party.holderValue}` : party.holderKind === 'email' ? party.holderValue : 'none'}
          <span className="hint"> — the holder of a role cannot be changed once the role is set.</span>
        </p>
      ) : (
        <fieldset className="fieldset fieldset-inner">
          <legend>Who holds this role?</legend>
          <p className="hint" id={fieldId(idPrefix, `${path}.holder-hint`)}>
            The holder can view the document and approves transfers. Someone without an account is invited by e-mail.
          </p>
          <div className="radio-row">
            {HOLDER_OPTIONS.map((option) => {
              const id = fieldId(idPrefix, `${path}.holder-${option.value}`);
              return (
                <label key={option.value} htmlFor={id} className="checkbox-label">
                  <input
                    id={id}
                    type="radio"
                    name={holderName}
                    value={option.value}
                    checked={party.holderKind === option.value}
                    onChange={() => onChange({ holderKind: option.value, holderValue: '' })}
                  />
                  <span>{option.label}</span>
                </label>
              );
            })}
          </div>
          {party.holderKind === 'account' ? (
            <Field
              idPrefix={idPrefix}
              name={`${path}.submittedAccountNumber`}
              label="Holder’s account number"
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
              label="Holder’s e-mail address"
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
