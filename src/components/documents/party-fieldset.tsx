'use client';
import { useTranslations } from 'next-intl';
import { useEffect, type ReactNode } from 'react';
import { Field } from '@/components/forms/field';
import { Fieldset } from '@/components/forms/fieldset';
import { partyFromEntry, type BookOption } from '@/components/portal/address-book-options';
import { CountrySelect } from '@/components/portal/country-select';
import { PARTY_TEXT_FIELDS, type PartyForm, type PartyTextKey } from '@/lib/portal/document-form';
import { PartyHolder } from './party-holder';
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
  /** The address book's parties and the id of the datalist that offers them. */
  book?: { listId: string; options: readonly BookOption[] };
  /** "Same as consignee": copies another party's name and address into this one. */
  sameAs?: { label: string; onCopy: () => void };
  copyHref?: string;
}

/** Shown at once: who the party is and where. The rest folds away (issue 12: 13 fields per party were too many). */
const PRIMARY: readonly PartyTextKey[] = ['name', 'streetName', 'buildingNumber', 'postalCode', 'cityName'];
const FOLDED = PARTY_TEXT_FIELDS.filter((field) => !PRIMARY.includes(field.key) && field.key !== 'countryCode');

/** One role of the document (spec §2.4): name, address and holder first, contact and codes folded away. */
export function PartyFieldset({ idPrefix, path, legend, hint, party, errors, onChange, actions, book, sameAs, copyHref }: PartyFieldsetProps) {
  const t = useTranslations('documents.party');
  const portal = useTranslations('portal.party');
  const field = (spec: (typeof PARTY_TEXT_FIELDS)[number]) => (
    <Field
      key={spec.key}
      idPrefix={idPrefix}
      name={`${path}.${spec.key}`}
      label={t(`fields.${spec.key}`)}
      hint={'hint' in spec ? t(`hints.${spec.key}`) : undefined}
      type={'type' in spec ? spec.type : 'text'}
      inputMode={'inputMode' in spec ? spec.inputMode : undefined}
      maxLength={'maxLength' in spec ? spec.maxLength : undefined}
      // The parties are other people's addresses: the browser's own autofill would only get in the way.
      autoComplete="off"
      list={spec.key === 'name' && book?.options.length ? book.listId : undefined}
      value={party[spec.key]}
      onChange={(event) => {
        const value = event.target.value;
        const picked = spec.key === 'name' ? book?.options.find((option) => option.label === value) : undefined;
        onChange(picked ? partyFromEntry(picked.entry, party) : { [spec.key]: value });
      }}
      error={errors.at(`${path}.${spec.key}`)}
    />
  );
  // The address book may arrive after the name was typed (a slow connection, or typing while the page loads): a name
  // that is exactly a saved party's then fills the block as choosing it would have, while nothing else is filled yet.
  const options = book?.options;
  useEffect(() => {
    const picked = options?.find((option) => option.label === party.name);
    const onlyName = PARTY_TEXT_FIELDS.every((spec) => spec.key === 'name' || spec.key === 'countryCode' || party[spec.key].trim() === '');
    if (picked && onlyName) onChange(partyFromEntry(picked.entry, party));
    // Only when the book's options change: typing is handled by the field's own onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options]);
  const foldedErrors = FOLDED.some((spec) => errors.at(`${path}.${spec.key}`));
  const foldedFilled = FOLDED.filter((spec) => party[spec.key].trim() !== '').length;
  return (
    <Fieldset idPrefix={idPrefix} path={path} legend={legend} hint={hint} errors={errors.all(path)} className="party">
      {sameAs ? (
        <div className="actions">
          <button type="button" className="button button-secondary" onClick={sameAs.onCopy}>
            {sameAs.label}
          </button>
        </div>
      ) : null}
      {/* Above the grid, so that the name lines up with the address fields beside it. */}
      {book?.options.length ? <p className="hint">{portal('pickHint')}</p> : null}
      <div className="grid">
        {PARTY_TEXT_FIELDS.filter((spec) => PRIMARY.includes(spec.key)).map(field)}
        <CountrySelect
          idPrefix={idPrefix}
          name={`${path}.countryCode`}
          value={party.countryCode}
          onChange={(countryCode) => onChange({ countryCode })}
          error={errors.at(`${path}.countryCode`)}
        />
      </div>
      <PartyHolder idPrefix={idPrefix} path={path} party={party} errors={errors} onChange={onChange} copyHref={copyHref} />
      {/* Opened by an error inside, so that the summary's links reach their inputs. */}
      <details className="party-more" open={foldedErrors || undefined}>
        <summary>{foldedFilled > 0 ? portal('moreDetailsFilled', { count: foldedFilled }) : portal('moreDetails')}</summary>
        <div className="grid">{FOLDED.map(field)}</div>
      </details>
      {actions}
    </Fieldset>
  );
}
