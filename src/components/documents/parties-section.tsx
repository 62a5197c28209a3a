'use client';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useMemo, type Dispatch, type SetStateAction } from 'react';
import { fieldId } from '@/components/forms/field';
import { Fieldset } from '@/components/forms/fieldset';
import { bookOptions, sameAddressAs } from '@/components/portal/address-book-options';
import { emptyParty, type DocumentFormState, type PartyForm, type PartySlot } from '@/lib/portal/document-form';
import { useTRPC } from '@/lib/trpc/client';
import { PartyFieldset } from './party-fieldset';
import type { PlacedErrors } from './placed-errors';

export const ADD_CARRIER_BUTTON = 'add-subsequent-carrier';
const BOOK_LIST_ID = 'address-book-parties';

/** The party blocks in the order of the CMR form; legends and hints: `documents.form.parties`. */
const PARTY_SECTIONS: readonly PartySlot[] = ['consignor', 'consignee', 'carrier', 'placeOfTakingOver', 'placeOfDelivery'];
/** Places usually are one of the parties' addresses (issue 12: "same as consignee/consignor"). */
const SAME_AS: Partial<Record<PartySlot, 'consignor' | 'consignee'>> = { placeOfTakingOver: 'consignor', placeOfDelivery: 'consignee' };

interface PartiesSectionProps {
  idPrefix: string;
  state: DocumentFormState;
  setState: Dispatch<SetStateAction<DocumentFormState>>;
  placed: PlacedErrors;
  setFocusTarget: (target: string) => void;
  /** Edit mode: where "copy to a new draft" leads, the allowed way to name another holder. */
  copyHref?: string;
}

/** The parties of the document, each with the address book's type-ahead; subsequent carriers can be added. */
export function PartiesSection({ idPrefix, state, setState, placed, setFocusTarget, copyHref }: PartiesSectionProps) {
  const t = useTranslations('documents.form');
  const portal = useTranslations('portal.party');
  const trpc = useTRPC();
  const addressBook = useQuery(trpc.portal.addressBook.queryOptions());
  const options = useMemo(() => bookOptions(addressBook.data ?? []), [addressBook.data]);
  const book = { listId: BOOK_LIST_ID, options };

  const updateParty = (slot: PartySlot, patch: Partial<PartyForm>) =>
    setState((current) => ({ ...current, parties: { ...current.parties, [slot]: { ...current.parties[slot], ...patch } } }));
  const updateCarrier = (index: number, patch: Partial<PartyForm>) =>
    setState((current) => ({ ...current, subsequentCarriers: current.subsequentCarriers.map((party, at) => (at === index ? { ...party, ...patch } : party)) }));

  return (
    <section className="form-section" aria-labelledby="parties-title">
      <h2 id="parties-title">{t('partiesTitle')}</h2>
      <datalist id={BOOK_LIST_ID}>
        {options.map((option) => (
          <option key={option.entry.entryId} value={option.label} />
        ))}
      </datalist>
      {PARTY_SECTIONS.map((slot) => {
        const source = SAME_AS[slot];
        return (
          <PartyFieldset
            key={slot}
            idPrefix={idPrefix}
            path={slot}
            legend={t(`parties.${slot}.legend`)}
            hint={t(`parties.${slot}.hint`)}
            party={state.parties[slot]}
            errors={placed}
            onChange={(patch) => updateParty(slot, patch)}
            book={book}
            copyHref={copyHref}
            sameAs={
              source
                ? {
                    label: portal(source === 'consignor' ? 'sameAsConsignor' : 'sameAsConsignee'),
                    onCopy: () => updateParty(slot, sameAddressAs(state.parties[source], state.parties[slot])),
                  }
                : undefined
            }
          />
        );
      })}
      <Fieldset
        idPrefix={idPrefix}
        path="subsequentCarriers"
        legend={t('subsequentCarriers.legend')}
        hint={t('subsequentCarriers.hint')}
        errors={placed.all('subsequentCarriers')}
      >
        {state.subsequentCarriers.map((party, index) => (
          <PartyFieldset
            key={party.key}
            idPrefix={idPrefix}
            path={`subsequentCarriers[${index}]`}
            legend={t('subsequentCarriers.item', { number: index + 1 })}
            party={party}
            errors={placed}
            onChange={(patch) => updateCarrier(index, patch)}
            book={book}
            copyHref={copyHref}
            actions={
              <div className="actions">
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => {
                    setState((current) => ({ ...current, subsequentCarriers: current.subsequentCarriers.filter((_, at) => at !== index) }));
                    setFocusTarget(ADD_CARRIER_BUTTON);
                  }}
                >
                  {t('subsequentCarriers.remove', { number: index + 1 })}
                </button>
              </div>
            }
          />
        ))}
        <div className="actions">
          <button
            type="button"
            id={fieldId(idPrefix, ADD_CARRIER_BUTTON)}
            className="button button-secondary"
            onClick={() => {
              setState((current) => ({ ...current, subsequentCarriers: [...current.subsequentCarriers, emptyParty()] }));
              setFocusTarget(`subsequentCarriers[${state.subsequentCarriers.length}].name`);
            }}
          >
            {t('subsequentCarriers.add')}
          </button>
        </div>
      </Fieldset>
    </section>
  );
}
