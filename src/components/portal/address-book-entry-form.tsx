'use client';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { ErrorSummary } from '@/components/forms/error-summary';
import { validate, type FieldError } from '@/components/forms/errors';
import { Field } from '@/components/forms/field';
import { SubmitButton } from '@/components/forms/submit-button';
import { addressBookParty } from '@/lib/schemas/address-book';
import { CountrySelect } from './country-select';

/** The fields the address book edits; labels are the party block's (`documents.party.fields`). */
const KEYS = ['name', 'streetName', 'buildingNumber', 'postalCode', 'cityName', 'contactName', 'contactEmailAddress', 'contactPhoneNumber'] as const;

interface AddressBookEntryFormProps {
  idPrefix: string;
  initial?: Record<string, string>;
  pending: boolean;
  serverErrors: FieldError[];
  onSave: (party: Record<string, string>) => void;
  onCancel: () => void;
}

/** Adds or corrects one party of the address book, checked with the same schema the server uses. */
export function AddressBookEntryForm({ idPrefix, initial = {}, pending, serverErrors, onSave, onCancel }: AddressBookEntryFormProps) {
  const t = useTranslations('documents.party.fields');
  const portal = useTranslations('portal.addressBook');
  const [party, setParty] = useState<Record<string, string>>(initial);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const shown = errors.length > 0 ? errors : serverErrors;
  const errorAt = (key: string) => shown.find((error) => error.field === key);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Empty inputs are left out; other fields the entry has (the holder, a GLN) are kept as they were.
    const body = Object.fromEntries(Object.entries(party).filter(([, value]) => value.trim() !== ''));
    const checked = validate(addressBookParty, body);
    setErrors(checked.ok ? [] : checked.errors);
    if (checked.ok) onSave(body);
  }

  return (
    <form className="form panel address-book-form" method="post" onSubmit={onSubmit} noValidate aria-label={portal(initial.name ? 'editTitle' : 'addTitle')}>
      <ErrorSummary errors={shown} idPrefix={idPrefix} fields={[...KEYS, 'countryCode']} />
      <div className="grid">
        {KEYS.map((key) => (
          <Field
            key={key}
            idPrefix={idPrefix}
            name={key}
            label={t(key)}
            optional={key !== 'name'}
            type={key === 'contactEmailAddress' ? 'email' : key === 'contactPhoneNumber' ? 'tel' : 'text'}
            autoComplete="off"
            value={party[key] ?? ''}
            onChange={(event) => setParty((current) => ({ ...current, [key]: event.target.value }))}
            error={errorAt(key)}
          />
        ))}
        <CountrySelect
          idPrefix={idPrefix}
          name="countryCode"
          value={party.countryCode ?? ''}
          onChange={(countryCode) => setParty((current) => ({ ...current, countryCode }))}
          error={errorAt('countryCode')}
        />
      </div>
      <div className="actions">
        <SubmitButton pending={pending} label={portal('save')} pendingLabel={portal('saving')} />
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {portal('cancel')}
        </button>
      </div>
    </form>
  );
}
