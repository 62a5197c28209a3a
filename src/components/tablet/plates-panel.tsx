'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import { LICENSE_PLATE_TYPES } from '@/lib/schemas/transfers';
import type { OutboxBody, OutboxEntry } from '@/lib/tablet/outbox';
import { entryState } from './outbox-status';

type Plate = { licensePlate: string; countryCode: string; type: (typeof LICENSE_PLATE_TYPES)[number] };

/** The license plates of the driver's carrier role (contract §7), replaced as a set. */
export function PlatesPanel(props: {
  document: FreightDocumentResponse;
  roleId: string;
  entries: OutboxEntry[];
  submit: (body: OutboxBody<'licensePlates'>) => string;
}) {
  const t = useTranslations('tablet.plates');
  const current = props.document.licensePlates.filter((plate) => plate.roleId === props.roleId);
  const [plates, setPlates] = useState<Plate[]>(() =>
    current.length > 0
      ? current.map((plate) => ({ licensePlate: plate.licensePlate, countryCode: plate.countryCode ?? '', type: plate.type }))
      : [{ licensePlate: '', countryCode: '', type: 'TRUCK' }],
  );
  const [key, setKey] = useState<string>();
  const state = entryState(props.entries, key);
  const change = (index: number, patch: Partial<Plate>) => setPlates((all) => all.map((plate, at) => (at === index ? { ...plate, ...patch } : plate)));

  return (
    <section className="panel tablet-panel" aria-labelledby="plates-title">
      <h2 id="plates-title">{t('title')}</h2>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          const filled = plates.filter((plate) => plate.licensePlate.trim() !== '');
          setKey(
            props.submit({
              roleId: props.roleId,
              previousCommits: props.document.previousCommits,
              licensePlates: filled.map((plate) => ({
                licensePlate: plate.licensePlate.trim(),
                type: plate.type,
                ...(plate.countryCode.trim() ? { countryCode: plate.countryCode.trim().toUpperCase() } : {}),
              })),
            }),
          );
        }}
      >
        {plates.map((plate, index) => (
          <fieldset key={index} className="plate-row">
            <legend>{t('plate', { number: index + 1 })}</legend>
            <div className="field">
              <label htmlFor={`plate-${index}`}>{t('number')}</label>
              <input
                id={`plate-${index}`}
                className="input input-large"
                value={plate.licensePlate}
                autoCapitalize="characters"
                onChange={(event) => change(index, { licensePlate: event.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor={`plate-country-${index}`}>
                {t('country')} <span className="optional">{t('optional')}</span>
              </label>
              <input
                id={`plate-country-${index}`}
                className="input input-large"
                value={plate.countryCode}
                maxLength={3}
                autoCapitalize="characters"
                onChange={(event) => change(index, { countryCode: event.target.value.toUpperCase() })}
              />
            </div>
            <div className="field">
              <label htmlFor={`plate-type-${index}`}>{t('type')}</label>
              <select
                id={`plate-type-${index}`}
                className="input input-large"
                value={plate.type}
                onChange={(event) => change(index, { type: event.target.value as Plate['type'] })}
              >
                {LICENSE_PLATE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`types.${type}`)}
                  </option>
                ))}
              </select>
            </div>
          </fieldset>
        ))}
        <div className="actions">
          <button
            type="button"
            className="button button-secondary button-large"
            onClick={() => setPlates((all) => [...all, { licensePlate: '', countryCode: '', type: 'TRAILER' }])}
          >
            {t('add')}
          </button>
          <button type="submit" className="button button-primary button-large" disabled={state === 'sending'}>
            {t('save')}
          </button>
          {state === 'sent' ? <span className="state-done">{t('saved')}</span> : null}
        </div>
      </form>
    </section>
  );
}
