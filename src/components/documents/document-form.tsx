'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { ErrorSummary } from '@/components/forms/error-summary';
import { errorsFromCall, type FieldError } from '@/components/forms/errors';
import { Field, fieldId } from '@/components/forms/field';
import { Fieldset } from '@/components/forms/fieldset';
import { SelectField } from '@/components/forms/select-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { TextAreaField } from '@/components/forms/textarea-field';
import { useEnumLabel } from '@/components/i18n/labels';
import {
  DATE_TIME_FIELDS,
  TEXT_SECTIONS,
  TRANSFERS,
  bodyFromForm,
  bodyToValidate,
  emptyForm,
  emptyGoodsLine,
  emptyReference,
  placesOf,
  type DocumentFormState,
  type GoodsLineForm,
  type NewAttachmentForm,
} from '@/lib/portal/document-form';
import { validateFreightDocument } from '@/lib/schemas/validate-freight-document';
import { useTRPC } from '@/lib/trpc/client';
import { AttachmentsFieldset } from './attachments-fieldset';
import { ADD_LINE_BUTTON, GoodsFieldset } from './goods-fieldset';
import { IssueCost } from './issue-cost';
import { PartiesSection } from './parties-section';
import { FormFold } from '@/components/forms/form-fold';
import { IssueConfirmDialog } from '@/components/portal/issue-confirm-dialog';
import { useIssueSummary } from '@/components/portal/issue-summary';
import { SaveTemplate } from '@/components/portal/save-template';
import { useHydrated } from '@/components/forms/use-hydrated';
import { placeErrors } from './placed-errors';
import { EftiReadiness } from '@/components/efti/efti-readiness';
import { draftSource } from '@/lib/efti/draft-source';

const ID = 'doc';
const ADD_REFERENCE_BUTTON = 'add-reference';

type Intent = 'draft' | 'issue';

interface DocumentFormProps {
  mode: 'create' | 'edit';
  /** Edit mode: the draft being replaced and the form filled from it. */
  freightDocumentId?: string;
  initial?: DocumentFormState;
}

/**
 * The drafting form for every creation field (spec §2.3). Before anything is sent the body is checked with
 * the API's own validation; the server's answer comes back with the same field paths, and both are shown
 * next to their inputs and in the summary above the form.
 */
export function DocumentForm({ mode, freightDocumentId, initial }: DocumentFormProps) {
  const t = useTranslations('documents.form');
  const label = useEnumLabel();
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [state, setState] = useState<DocumentFormState>(() => initial ?? emptyForm());
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [pendingIntent, setPendingIntent] = useState<Intent | null>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const issueSummary = useIssueSummary();
  const goodsTitle = useTranslations('documents.goods');
  const attachmentsTitle = useTranslations('documents.attachments');
  const hydrated = useHydrated();
  const create = useMutation(trpc.documents.create.mutationOptions());
  const replace = useMutation(trpc.documents.replace.mutationOptions());
  const issue = useMutation(trpc.documents.issue.mutationOptions());
  // Editing a draft: its submitter pays for issuing it (spec §5, also when a delegate edits); a new one: the caller.
  const quote = useQuery(trpc.documents.issueQuote.queryOptions(mode === 'edit' && freightDocumentId ? { freightDocumentId } : undefined));

  // The set only changes when rows come or go: typing must not re-create the summary (it takes focus when it changes).
  const placesKey = [...placesOf(state)].join('\n');
  const places = useMemo(() => new Set(placesKey.split('\n')), [placesKey]);
  const placed = useMemo(() => placeErrors(errors, places), [errors, places]);

  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(fieldId(ID, focusTarget))?.focus();
    // A one-shot request: clearing it re-renders once and this effect then does nothing.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setFocusTarget(null);
  }, [focusTarget]);

  const update = (patch: Partial<DocumentFormState>) => setState((current) => ({ ...current, ...patch }));
  const updateLine = (index: number, patch: Partial<GoodsLineForm>) =>
    setState((current) => ({ ...current, structuredGoods: current.structuredGoods.map((line, at) => (at === index ? { ...line, ...patch } : line)) }));
  const updateAttachment = (key: string, patch: Partial<NewAttachmentForm>) =>
    setState((current) => ({
      ...current,
      attachments: current.attachments.map((file) => (file.key === key && file.kind === 'new' ? { ...file, ...patch } : file)),
    }));
  const toggleMethod = (transfer: keyof DocumentFormState['signing'], method: string, on: boolean) =>
    setState((current) => {
      const list = current.signing[transfer].filter((item) => item !== method);
      return { ...current, signing: { ...current.signing, [transfer]: on ? [...list, method] : list } };
    });

  /** The body when the shared validation passes; otherwise the errors are shown and nothing is sent. */
  function checkedBody(): Record<string, unknown> | undefined {
    const body = bodyFromForm(state);
    const checked = validateFreightDocument(bodyToValidate(body));
    if (!checked.ok) {
      setErrors(checked.errors);
      return undefined;
    }
    setErrors([]);
    return body;
  }

  async function save(intent: Intent) {
    const body = checkedBody();
    if (!body) return;
    setConfirming(false);
    setPendingIntent(intent);
    try {
      let id = freightDocumentId;
      let saved: 'draft' | 'issued' = intent === 'issue' ? 'issued' : 'draft';
      let issueError: string | undefined;
      if (mode === 'create') {
        // Straight to ISSUED in one step (spec §3): nothing is stored when issuing fails.
        const created = await create.mutateAsync({ ...body, status: intent === 'issue' ? 'ISSUED' : 'DRAFT' });
        id = created.freightDocumentId;
      } else {
        await replace.mutateAsync({ freightDocumentId: freightDocumentId!, body });
        if (intent === 'issue') {
          try {
            await issue.mutateAsync({ freightDocumentId: freightDocumentId! });
          } catch (error) {
            // The changes are saved; the document page says why issuing failed.
            saved = 'draft';
            issueError = errorsFromCall(error)[0]?.code;
          }
        }
      }
      await queryClient.invalidateQueries({ queryKey: trpc.documents.pathKey() });
      await queryClient.invalidateQueries({ queryKey: trpc.documents.issueQuote.pathKey() });
      const query = new URLSearchParams({ saved, ...(issueError ? { issueError } : {}) });
      router.push(`/documents/${encodeURIComponent(id!)}?${query}`);
    } catch (error) {
      setErrors(errorsFromCall(error));
      setPendingIntent(null);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pendingIntent) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value !== 'issue') return void save('draft');
    // Issuing fixes the content and may cost a credit: a valid form asks first.
    if (checkedBody()) setConfirming(true);
  }

  const issueQuote = quote.data;

  return (
    <form className="form document-form" method="post" onSubmit={onSubmit} noValidate aria-labelledby="document-form-title">
      {/* Until the page's script runs, what is typed would be lost when React takes over: the fields wait for it. */}
      <fieldset className="form-live" disabled={!hydrated}>
        <ErrorSummary errors={placed.summary} idPrefix={ID} fields={[...places]} />

        <Fieldset idPrefix={ID} path="document-section" legend={<h2>{t('documentSection')}</h2>}>
          <div className="grid">
            <div className="field-wide">
              <SelectField
                idPrefix={ID}
                name="type"
                label={t('type')}
                options={[{ value: 'WAYBILL', label: label('documentType', 'WAYBILL') }]}
                value={state.type}
                onChange={(event) => update({ type: event.target.value })}
                error={placed.at('type')}
              />
            </div>
            <Field
              idPrefix={ID}
              name="establishedDate"
              label={t('establishedDate')}
              type="date"
              optional
              value={state.establishedDate}
              onChange={(event) => update({ establishedDate: event.target.value })}
              error={placed.at('establishedDate')}
            />
            <Field
              idPrefix={ID}
              name="establishedPlace"
              label={t('establishedPlace')}
              optional
              value={state.establishedPlace}
              onChange={(event) => update({ establishedPlace: event.target.value })}
              error={placed.at('establishedPlace')}
            />
            <Field
              idPrefix={ID}
              name="carrierCode"
              label={t('carrierCode')}
              optional
              value={state.carrierCode}
              onChange={(event) => update({ carrierCode: event.target.value })}
              error={placed.at('carrierCode')}
            />
          </div>
        </Fieldset>

        <FormFold title={t('partiesTitle')} open={errors.length > 0}>
          <PartiesSection
            idPrefix={ID}
            state={state}
            setState={setState}
            placed={placed}
            setFocusTarget={setFocusTarget}
            copyHref={mode === 'edit' && freightDocumentId ? `/documents/new?copy=${encodeURIComponent(freightDocumentId)}` : undefined}
          />
        </FormFold>

        <FormFold title={t('datesSection')} open={errors.length > 0}>
          <Fieldset idPrefix={ID} path="dates-section" legend={<h2>{t('datesSection')}</h2>} hint={t('datesHint')}>
            <div className="grid">
              {DATE_TIME_FIELDS.map((field) => (
                <Field
                  key={field.key}
                  idPrefix={ID}
                  name={field.key}
                  label={t(`dateTimes.${field.key}`)}
                  type="datetime-local"
                  optional
                  value={state.dateTimes[field.key]}
                  onChange={(event) => update({ dateTimes: { ...state.dateTimes, [field.key]: event.target.value } })}
                  error={placed.at(field.key)}
                />
              ))}
            </div>
          </Fieldset>
        </FormFold>

        <FormFold title={t('paymentSection')} open={errors.length > 0}>
          <Fieldset idPrefix={ID} path="payment-section" legend={<h2>{t('paymentSection')}</h2>}>
            <div className="grid">
              <Field
                idPrefix={ID}
                name="reimbursementAmount"
                label={t('reimbursementAmount')}
                inputMode="decimal"
                optional
                hint={t('reimbursementAmountHint')}
                autoComplete="off"
                value={state.reimbursementAmount}
                onChange={(event) => update({ reimbursementAmount: event.target.value })}
                error={placed.at('reimbursementAmount')}
              />
              <Field
                idPrefix={ID}
                name="reimbursementCurrency"
                label={t('reimbursementCurrency')}
                optional
                hint={t('reimbursementCurrencyHint')}
                maxLength={3}
                autoComplete="off"
                value={state.reimbursementCurrency}
                onChange={(event) => update({ reimbursementCurrency: event.target.value })}
                error={placed.at('reimbursementCurrency')}
              />
              <Field
                idPrefix={ID}
                name="paymentForCarriage"
                label={t('paymentForCarriage')}
                optional
                hint={t('paymentForCarriageHint')}
                value={state.paymentForCarriage}
                onChange={(event) => update({ paymentForCarriage: event.target.value })}
                error={placed.at('paymentForCarriage')}
              />
            </div>
          </Fieldset>
        </FormFold>

        <FormFold title={goodsTitle('legend')} open={errors.length > 0}>
          <GoodsFieldset
            idPrefix={ID}
            state={state}
            errors={placed}
            onModeChange={(goodsMode) =>
              setState((current) => ({
                ...current,
                goodsMode,
                structuredGoods: goodsMode === 'structured' && current.structuredGoods.length === 0 ? [emptyGoodsLine()] : current.structuredGoods,
              }))
            }
            onGoodsChange={(goods) => update({ goods })}
            onLineChange={updateLine}
            onAddLine={() => {
              setState((current) => ({ ...current, structuredGoods: [...current.structuredGoods, emptyGoodsLine()] }));
              setFocusTarget(`structuredGoods[${state.structuredGoods.length}].name`);
            }}
            onRemoveLine={(index) => {
              setState((current) => ({ ...current, structuredGoods: current.structuredGoods.filter((_, at) => at !== index) }));
              setFocusTarget(ADD_LINE_BUTTON);
            }}
          />
        </FormFold>

        <FormFold title={t('instructionsSection')} open={errors.length > 0}>
          <Fieldset idPrefix={ID} path="instructions-section" legend={<h2>{t('instructionsSection')}</h2>}>
            {TEXT_SECTIONS.map((section) => (
              <TextAreaField
                key={section.key}
                idPrefix={ID}
                name={section.key}
                label={t(`textSections.${section.key}`)}
                optional
                value={state.texts[section.key]}
                onChange={(event) => update({ texts: { ...state.texts, [section.key]: event.target.value } })}
                error={placed.at(section.key)}
              />
            ))}
          </Fieldset>
        </FormFold>

        <FormFold title={t('references.legend')} open={errors.length > 0}>
          <Fieldset idPrefix={ID} path="references" legend={<h2>{t('references.legend')}</h2>} hint={t('references.hint')} errors={placed.all('references')}>
            {state.references.map((reference, index) => {
              const path = `references[${index}]`;
              return (
                <Fieldset
                  key={reference.key}
                  idPrefix={ID}
                  path={path}
                  legend={t('references.item', { number: index + 1 })}
                  errors={placed.all(path)}
                  className="row"
                >
                  <div className="grid">
                    <Field
                      idPrefix={ID}
                      name={`${path}.name`}
                      label={t('references.name')}
                      autoComplete="off"
                      value={reference.name}
                      onChange={(event) =>
                        setState((current) => ({
                          ...current,
                          references: current.references.map((item, at) => (at === index ? { ...item, name: event.target.value } : item)),
                        }))
                      }
                      error={placed.at(`${path}.name`)}
                    />
                    <Field
                      idPrefix={ID}
                      name={`${path}.value`}
                      label={t('references.value')}
                      autoComplete="off"
                      value={reference.value}
                      onChange={(event) =>
                        setState((current) => ({
                          ...current,
                          references: current.references.map((item, at) => (at === index ? { ...item, value: event.target.value } : item)),
                        }))
                      }
                      error={placed.at(`${path}.value`)}
                    />
                  </div>
                  <div className="actions">
                    <button
                      type="button"
                      className="button button-secondary"
                      onClick={() => {
                        setState((current) => ({ ...current, references: current.references.filter((_, at) => at !== index) }));
                        setFocusTarget(ADD_REFERENCE_BUTTON);
                      }}
                    >
                      {t('references.remove', { number: index + 1 })}
                    </button>
                  </div>
                </Fieldset>
              );
            })}
            <div className="actions">
              <button
                type="button"
                id={fieldId(ID, ADD_REFERENCE_BUTTON)}
                className="button button-secondary"
                onClick={() => {
                  setState((current) => ({ ...current, references: [...current.references, emptyReference()] }));
                  setFocusTarget(`references[${state.references.length}].name`);
                }}
              >
                {t('references.add')}
              </button>
            </div>
          </Fieldset>
        </FormFold>

        <FormFold title={attachmentsTitle('legend')} open={errors.length > 0}>
          <AttachmentsFieldset
            idPrefix={ID}
            state={state}
            errors={placed}
            onAdd={(files) => setState((current) => ({ ...current, attachments: [...current.attachments, ...files] }))}
            onChange={updateAttachment}
            onRemove={(key) => setState((current) => ({ ...current, attachments: current.attachments.filter((file) => file.key !== key) }))}
          />
        </FormFold>

        <FormFold title={t('signingSection')} open={errors.length > 0}>
          <Fieldset
            idPrefix={ID}
            path="availableSigningMethods"
            legend={<h2>{t('signingSection')}</h2>}
            hint={t('signingHint')}
            errors={placed.all('availableSigningMethods')}
          >
            <div className="grid">
              {TRANSFERS.map((transfer) => {
                const path = `availableSigningMethods.${transfer.key}`;
                return (
                  <Fieldset key={transfer.key} idPrefix={ID} path={path} legend={label('transfer', transfer.key)} errors={placed.all(path)} className="row">
                    {transfer.methods.map((method) => (
                      <Field
                        key={method}
                        idPrefix={ID}
                        name={`${path}.${method}`}
                        label={label('signingMethod', method)}
                        type="checkbox"
                        checked={state.signing[transfer.key].includes(method)}
                        onChange={(event) => toggleMethod(transfer.key, method, event.target.checked)}
                      />
                    ))}
                  </Fieldset>
                );
              })}
            </div>
          </Fieldset>
        </FormFold>

        {/* Contract §15: what authorities would miss, while eFTI is on; never a reason not to save or issue. */}
        <EftiReadiness draft={draftSource(bodyFromForm(state))} />

        <section className="panel form-actions" aria-labelledby="save-title">
          <h2 id="save-title">{t('saveSection')}</h2>
          <p>
            {t('saveExplanation')} <IssueCost quote={issueQuote} id="issue-cost-note" />
          </p>
          <div className="actions">
            <SubmitButton
              name="intent"
              value="draft"
              pending={pendingIntent === 'draft'}
              // Until the page's script runs, typing may be lost and a press would post the form natively.
              disabled={pendingIntent !== null || !hydrated}
              label={t('saveDraft')}
              pendingLabel={t('savingDraft')}
              variant="secondary"
            />
            <SubmitButton
              name="intent"
              value="issue"
              pending={pendingIntent === 'issue'}
              disabled={pendingIntent !== null || issueQuote?.canPay === false}
              describedBy="issue-cost-note"
              label={t('saveAndIssue')}
              pendingLabel={t('savingAndIssuing')}
            />
            <Link href={mode === 'edit' && freightDocumentId ? `/documents/${encodeURIComponent(freightDocumentId)}` : '/documents'}>
              {t('backWithoutSaving')}
            </Link>
          </div>
          <SaveTemplate getBody={() => bodyFromForm(state)} />
        </section>
      </fieldset>
      <IssueConfirmDialog
        open={confirming}
        pending={pendingIntent === 'issue'}
        quote={issueQuote}
        summary={confirming ? issueSummary(bodyFromForm(state)) : []}
        eftiDraft={confirming ? draftSource(bodyFromForm(state)) : undefined}
        onConfirm={() => void save('issue')}
        onClose={() => setConfirming(false)}
      />
    </form>
  );
}
