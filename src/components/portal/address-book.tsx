'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { errorsFromCall, type FieldError } from '@/components/forms/errors';
import type { AddressBookEntryView } from '@/lib/schemas/address-book';
import { useTRPC } from '@/lib/trpc/client';
import { AddressBookEntryForm } from './address-book-entry-form';

function addressLine(party: Record<string, string>): string {
  return [[party.streetName, party.buildingNumber].filter(Boolean).join(' '), [party.postalCode, party.cityName].filter(Boolean).join(' '), party.countryCode]
    .filter(Boolean)
    .join(', ');
}

/** The parties the account has used (saved with every document) and added by hand; each can be corrected or removed. */
export function AddressBook() {
  const t = useTranslations('portal.addressBook');
  const common = useTranslations('common');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const entries = useQuery(trpc.portal.addressBook.queryOptions());
  const add = useMutation(trpc.portal.addAddressBookEntry.mutationOptions());
  const update = useMutation(trpc.portal.updateAddressBookEntry.mutationOptions());
  const remove = useMutation(trpc.portal.deleteAddressBookEntry.mutationOptions());
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [notice, setNotice] = useState('');

  const done = async (message: string) => {
    await queryClient.invalidateQueries({ queryKey: trpc.portal.addressBook.queryKey() });
    setEditing(null);
    setErrors([]);
    setNotice(message);
  };
  const onError = (error: unknown) => setErrors(errorsFromCall(error));

  const form = (entry?: AddressBookEntryView) => (
    <AddressBookEntryForm
      idPrefix={entry ? `book-${entry.entryId}` : 'book-new'}
      initial={entry?.party}
      pending={add.isPending || update.isPending}
      serverErrors={errors}
      onSave={(party) =>
        entry
          ? update.mutate({ entryId: entry.entryId, party: { ...party, name: party.name ?? '' } }, { onSuccess: () => done(t('saved')), onError })
          : add.mutate({ ...party, name: party.name ?? '' }, { onSuccess: () => done(t('saved')), onError })
      }
      onCancel={() => {
        setEditing(null);
        setErrors([]);
      }}
    />
  );

  return (
    <>
      <p className="list-count" role="status" aria-live="polite">
        {notice}
      </p>
      {editing === 'new' ? (
        form()
      ) : (
        <p>
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              setEditing('new');
              setNotice('');
            }}
          >
            {t('add')}
          </button>
        </p>
      )}
      {entries.isPending ? (
        <p className="loading">
          <span className="spinner" aria-hidden="true" /> {common('loading')}
        </p>
      ) : (entries.data ?? []).length === 0 ? (
        <div className="panel empty-state">
          <p>{t('empty')}</p>
        </div>
      ) : (
        <ul className="plain-list address-book-list" data-testid="address-book">
          {entries.data!.map((entry) => (
            <li key={entry.entryId} className="document-card">
              {editing === entry.entryId ? (
                form(entry)
              ) : (
                <>
                  <p className="document-card-title">{entry.name}</p>
                  <p>{addressLine(entry.party) || t('noAddress')}</p>
                  <p className="hint">{t('used', { count: entry.useCount })}</p>
                  <div className="actions">
                    <button
                      type="button"
                      className="button button-secondary"
                      onClick={() => setEditing(entry.entryId)}
                      aria-label={t('editNamed', { name: entry.name })}
                    >
                      {t('edit')}
                    </button>
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={t('removeNamed', { name: entry.name })}
                      onClick={() => remove.mutate({ entryId: entry.entryId }, { onSuccess: () => done(t('removed', { name: entry.name })), onError })}
                    >
                      {t('remove')}
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
