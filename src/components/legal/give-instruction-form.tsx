'use client';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { errorsFromCall, type FieldError } from '@/components/forms/errors';
import { RadioChoices } from '@/components/forms/radio-choices';
import { bookOptions } from '@/components/portal/address-book-options';
import { CountrySelect } from '@/components/portal/country-select';
import { INSTRUCTION_KINDS, type InstructionKind } from '@/lib/domain/legal-events';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import { useTRPC } from '@/lib/trpc/client';
import { Done, LegalErrors, useKeepDocument } from './legal-bits';

type Party = Record<string, string>;
const NEW_PARTY: Partial<Record<InstructionKind, 'newConsignee' | 'newPlaceOfDelivery'>> = {
  CHANGE_CONSIGNEE: 'newConsignee',
  CHANGE_PLACE_OF_DELIVERY: 'newPlaceOfDelivery',
};

/**
 * "Give an instruction" (CMR art. 12) for the holder of the right of disposal: stop, change the consignee or the
 * place of delivery, return, or anything else in words. A new party comes from the address book (its holder too, so
 * the new consignee is invited) and can be corrected by hand. The carrier side answers it (AnswerInstruction).
 */
export function GiveInstructionForm({ document }: { document: FreightDocumentResponse }) {
  const t = useTranslations('legal');
  const trpc = useTRPC();
  const keep = useKeepDocument(document.freightDocumentId);
  const give = useMutation(trpc.legalEvents.giveInstruction.mutationOptions());
  const book = useQuery(trpc.portal.addressBook.queryOptions());
  const inFlight = useRef(false);
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<InstructionKind>('STOP');
  const [text, setText] = useState('');
  const [party, setParty] = useState<Party>({});
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [done, setDone] = useState(false);
  const partyField = NEW_PARTY[kind];
  const options = bookOptions(book.data ?? []);

  const send = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setErrors([]);
    give.mutate(
      {
        freightDocumentId: document.freightDocumentId,
        body: { kind, text, ...(partyField && party.name ? { [partyField]: party } : {}), previousCommits: document.previousCommits },
      },
      {
        onSuccess: async (updated) => {
          await keep(updated);
          setOpen(false);
          setText('');
          setParty({});
          setDone(true);
        },
        onError: (error) => setErrors(errorsFromCall(error)),
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  if (!open) {
    return (
      <div>
        <Done text={done ? t('give.done') : undefined} testId="instruction-given" />
        <p className="actions">
          <button type="button" className="button button-primary" onClick={() => (setOpen(true), setDone(false))}>
            {t('give.open')}
          </button>
        </p>
      </div>
    );
  }
  return (
    <form
      className="form legal-form"
      aria-labelledby="give-instruction-title"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <h3 id="give-instruction-title">{t('give.title')}</h3>
      <RadioChoices
        name="instruction-kind"
        legend={t('give.kind')}
        values={INSTRUCTION_KINDS}
        value={kind}
        onChange={setKind}
        labelOf={(candidate) => t(`instructionKind.${candidate}`)}
      />
      {partyField ? (
        <fieldset className="legal-party">
          <legend>{t(`instructionKind.${kind}`)}</legend>
          <div className="field">
            <label htmlFor="instruction-book">{t('give.fromBook')}</label>
            <select
              id="instruction-book"
              className="input"
              value=""
              onChange={(event) => {
                const entry = options[Number(event.target.value)]?.entry;
                if (entry) setParty({ ...entry.party, name: entry.name });
              }}
            >
              <option value="">{t('give.choose')}</option>
              {options.map((option, index) => (
                <option key={option.entry.entryId} value={index}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          {(['name', 'cityName'] as const).map((key) => (
            <div className="field" key={key}>
              <label htmlFor={`instruction-party-${key}`}>{t(`give.${key === 'cityName' ? 'city' : 'name'}`)}</label>
              <input
                id={`instruction-party-${key}`}
                className="input"
                value={party[key] ?? ''}
                onChange={(event) => setParty({ ...party, [key]: event.target.value })}
              />
            </div>
          ))}
          {/* Picked by its name in the page's language; the API keeps the alpha-3 code (issue 34 item 5). */}
          <CountrySelect
            idPrefix="instruction-party"
            name="countryCode"
            value={party.countryCode ?? ''}
            onChange={(countryCode) => setParty({ ...party, countryCode })}
          />
        </fieldset>
      ) : null}
      <div className="field">
        <label htmlFor="instruction-text">{t('give.text')}</label>
        <textarea id="instruction-text" className="input" rows={3} value={text} onChange={(event) => setText(event.target.value)} />
      </div>
      <LegalErrors errors={errors} testId="instruction-errors" />
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={give.isPending} aria-busy={give.isPending || undefined}>
          {t('give.submit')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
          {t('give.cancel')}
        </button>
      </div>
    </form>
  );
}
