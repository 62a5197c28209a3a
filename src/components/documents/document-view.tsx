'use client';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMoney } from '@/components/i18n/money';
import { errorsFromCall, useErrorMessage } from '@/components/forms/errors';
import { DateTime } from '@/components/i18n/date-time';
import { useEnumLabel } from '@/components/i18n/labels';
import { useFormatBytes } from '@/components/i18n/sizes';
import { describeError, isErrorCode } from '@/lib/errors/catalogue';
import { TRANSFERS } from '@/lib/portal/document-form';
import { useTRPC, type RouterOutputs } from '@/lib/trpc/client';
import type { DocumentAction } from '@/lib/domain/document-actions';
import { TransferTimeline } from '@/components/tablet/transfer-timeline';
import { DocumentActions } from './document-actions';
import { DocumentDelegation } from '@/components/delegation/document-delegation';
import { AccessHistory } from './access-history';
import { EftiPanel } from '@/components/efti/efti-panel';
import { PdfActions } from './pdf-actions';
import { DocumentAbilities } from '@/components/portal/document-abilities';
import { ApproveCallout } from '@/components/portal/approve-callout';
import { useDocumentTitle } from '@/components/portal/document-title';
import { useIssueSummary } from '@/components/portal/issue-summary';
import { useCountryName } from '@/components/portal/country-select';
import { DateOnly } from '@/components/portal/date-only';
import { LegalEventsSection } from '@/components/legal/legal-events-section';
import { PendingInstructionCallout } from '@/components/legal/pending-instruction-callout';

type DocumentJson = RouterOutputs['documents']['get'];
/** The actions the draft panel offers; which of them apply is the service's answer in `allowedActions`. */
const DRAFT_ACTIONS: readonly DocumentAction[] = ['UPDATE', 'ISSUE', 'CANCEL'];
/** A party as the API shows it: every role's card reads the same columns. */
type Party = NonNullable<DocumentJson['consignor']>;

const text = (value: unknown): string => (value === undefined || value === null || value === '' ? '' : String(value));

function Details({ rows, testId }: { rows: [string, ReactNode][]; testId?: string }) {
  const t = useTranslations('documents.view');
  const shown = rows.filter(([, value]) => value !== '' && value !== null && value !== undefined);
  if (shown.length === 0) return <p className="hint">{t('nothingGiven')}</p>;
  return (
    <dl className="details" data-testid={testId}>
      {shown.map(([label, value]) => (
        <div key={label} className="details-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PartyCard({ title, party }: { title: string; party: Party }) {
  const t = useTranslations('documents.view.party');
  // Words, not codes: the country by its name in the reader's language, the code the API keeps beside it.
  const countryName = useCountryName();
  const join = (...parts: unknown[]) => parts.map(text).filter(Boolean).join(' ');
  const address = [
    join(party.streetName, party.buildingNumber),
    text(party.postalBox) ? t('postalBox', { box: text(party.postalBox) }) : '',
    join(party.postalCode, party.cityName),
    join(
      text(party.countryName) || (text(party.countryCode) ? countryName(text(party.countryCode)) : ''),
      party.countryCode ? `(${text(party.countryCode)})` : '',
    ),
  ].filter(Boolean);
  const holder = text(party.submittedAccountNumber)
    ? t('holderAccount', { accountNumber: text(party.submittedAccountNumber) })
    : text(party.submittedAccountEmailAddress)
      ? party.accountId
        ? text(party.submittedAccountEmailAddress)
        : t('holderInvited', { email: text(party.submittedAccountEmailAddress) })
      : '';
  return (
    <article className="party-card" aria-labelledby={undefined}>
      <h3>{title}</h3>
      <Details
        rows={[
          [t('name'), text(party.name)],
          [
            t('address'),
            address.length
              ? address.map((line) => (
                  <span key={line} className="line">
                    {line}
                  </span>
                ))
              : '',
          ],
          [t('contact'), text(party.contactName)],
          [t('email'), text(party.contactEmailAddress)],
          [t('phone'), text(party.contactPhoneNumber)],
          [t('note'), text(party.contactNote)],
          [t('glnCode'), text(party.glnCode)],
          [t('taxRegistrationId'), text(party.taxRegistrationId)],
          [t('holder'), holder],
        ]}
      />
    </article>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A table that can scroll sideways on narrow screens, reachable by keyboard. */
function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  const t = useTranslations('documents.view');
  return (
    <div className="table-wrap" role="region" aria-label={t('tableLabel', { label })} tabIndex={0}>
      {children}
    </div>
  );
}

interface DocumentViewProps {
  freightDocumentId: string;
  /** After the form: `draft` or `issued`. */
  saved?: string;
  /** After "save and issue" in the edit form saved the draft but issuing failed. */
  issueError?: string;
}

/** One freight document with everything the caller may see, and the submitter's actions on a draft. */
export function DocumentView({ freightDocumentId, saved, issueError }: DocumentViewProps) {
  const t = useTranslations('documents.view');
  const common = useTranslations('common');
  const transfers = useTranslations('enums.transfer');
  const texts = useTranslations('documents.form.textSections');
  const label = useEnumLabel();
  const messageFor = useErrorMessage();
  const formatBytes = useFormatBytes();
  const format = useFormatter();
  const money = useMoney();
  const trpc = useTRPC();
  const query = useQuery(trpc.documents.get.queryOptions({ freightDocumentId }));
  const [issuedHere, setIssuedHere] = useState(false);
  const portal = useTranslations('portal');
  const documentTitle = useDocumentTitle();
  const issueSummary = useIssueSummary();
  const consigneeName = query.data?.consignee?.name;
  const pageTitle = query.data ? documentTitle(query.data.serviceNumber, consigneeName) : undefined;

  // Titles name the document (issue 12): the browser tab and history show "CMR 000000000123 – consignee".
  useEffect(() => {
    if (pageTitle) window.document.title = pageTitle;
  }, [pageTitle]);
  const notice = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (issuedHere) notice.current?.focus();
  }, [issuedHere]);

  if (query.isPending) {
    return (
      <>
        <h1>{t('title')}</h1>
        <p role="status" className="loading">
          <span className="spinner" aria-hidden="true" /> {common('loadingDocument')}
        </p>
      </>
    );
  }
  if (query.isError) {
    const [error] = errorsFromCall(query.error);
    const notFound = error?.code === '4.47';
    return (
      <>
        <h1>{notFound ? t('notFoundTitle') : t('title')}</h1>
        <div className="error-summary" role="alert">
          <h2>{notFound ? t('notFoundText') : t('loadFailed')}</h2>
          {error && !notFound ? <p>{messageFor(error)}</p> : null}
        </div>
        <p>
          <Link href="/documents">{common('backToDocuments')}</Link>
        </p>
      </>
    );
  }

  const document: DocumentJson = query.data;
  const status = document.status;
  const structured = document.structuredGoods;
  const references = document.references;
  const attachments = document.attachments ?? [];
  const updates = document.updates ?? [];
  const methods = document.availableSigningMethods;
  const subsequentCarriers = document.subsequentCarriers;
  const parties: [string, Party | null][] = [
    [label('role', 'CONSIGNOR'), document.consignor],
    [label('role', 'CONSIGNEE'), document.consignee],
    [label('role', 'CARRIER'), document.carrier],
    [label('role', 'PLACE_OF_TAKING_OVER'), document.placeOfTakingOver],
    [label('role', 'PLACE_OF_DELIVERY'), document.placeOfDelivery],
    ...subsequentCarriers.map((party, index): [string, Party] => [t('subsequentCarrier', { number: index + 1 }), party]),
  ];
  // Numbers from the API in the reader's notation (1,250.5 / 1.250,5); anything else as it came.
  const amount = (value: unknown) => (typeof value === 'number' ? format.number(value) : text(value));
  // Money with its currency in the reader's notation (€1,250.50 / 1.250,50 €, issue 34); anything else as it came.
  const moneyOf = (value: unknown, currency: unknown) =>
    typeof value === 'number' ? money(value, text(currency) || null) : `${text(value)} ${text(currency)}`.trim();
  const issueFailure = issueError && isErrorCode(issueError) ? messageFor({ code: issueError, description: describeError(issueError) }) : null;

  return (
    <>
      <h1>
        {portal.rich(consigneeName ? 'documentTitle.richWithConsignee' : 'documentTitle.richPlain', {
          serviceNumber: document.serviceNumber,
          consignee: consigneeName ?? '',
          number: (chunks) => <span data-testid="service-number">{chunks}</span>,
        })}
      </h1>
      <p className="status-line">
        {t.rich('statusLine', {
          status: label('status', status),
          badge: (chunks) => (
            <span className={`badge badge-${status.toLowerCase()}`} data-testid="document-status">
              {chunks}
            </span>
          ),
        })}
      </p>

      <ApproveCallout document={document} />
      <PendingInstructionCallout document={document} />

      {issuedHere || (saved === 'issued' && status !== 'DRAFT') ? (
        <div ref={notice} tabIndex={-1} className="banner banner-success" role="status">
          {t('issued')}
        </div>
      ) : saved === 'draft' ? (
        <div className="banner banner-success" role="status">
          {t('draftSaved')}
        </div>
      ) : null}
      {issueFailure && status === 'DRAFT' ? (
        <div className="error-summary" role="alert">
          <h2>{t('issueFailedTitle')}</h2>
          <p>{issueFailure}</p>
        </div>
      ) : null}

      {document.allowedActions.some((action) => DRAFT_ACTIONS.includes(action)) ? (
        <DocumentActions
          freightDocumentId={document.freightDocumentId}
          serviceNumber={document.serviceNumber}
          allowedActions={document.allowedActions}
          onIssued={() => setIssuedHere(true)}
          summary={issueSummary(document)}
        />
      ) : null}

      <PdfActions freightDocumentId={document.freightDocumentId} />
      <Section id="summary-title" title={t('sections.summary')}>
        <Details
          testId="document-summary"
          rows={[
            [t('summary.serviceNumber'), document.serviceNumber],
            [t('summary.status'), label('status', status)],
            [t('summary.type'), label('documentType', document.type)],
            [t('summary.submittedBy'), text(document.submitterName)],
            [t('summary.establishedOn'), text(document.establishedDate) ? <DateOnly key="established" value={document.establishedDate} /> : ''],
            [t('summary.establishedIn'), text(document.establishedPlace)],
            [t('summary.carrierCode'), text(document.carrierCode)],
            [t('summary.lastModified'), <DateTime key="modified" value={document.lastModifiedDateTime} />],
          ]}
        />
      </Section>

      <Section id="roles-title" title={t('sections.roles')}>
        <DocumentAbilities roles={[...new Set(document.ownPermissions.map((entry) => entry.role))]} allowedActions={document.allowedActions} />
        <p className="actions">
          <Link className="button button-secondary" href={`/documents/new?copy=${encodeURIComponent(document.freightDocumentId)}`}>
            {portal('copy.button')}
          </Link>
          <span className="hint">{portal('copy.explanation')}</span>
        </p>
      </Section>

      <DocumentDelegation document={document} />

      <Section id="parties-title" title={t('sections.parties')}>
        <div className="party-grid">{parties.map(([title, party]) => (party ? <PartyCard key={title} title={title} party={party} /> : null))}</div>
      </Section>

      <Section id="dates-title" title={t('sections.dates')}>
        <Details
          rows={[
            // In the local time of the place each belongs to (decision 0027).
            [t('dates.agreedTakingOver'), formatOptional(document.agreedDateTimeOfTakingOver, countryOf(document.placeOfTakingOver))],
            [t('dates.agreedDelivery'), formatOptional(document.agreedDateTimeOfDelivery, countryOf(document.placeOfDelivery))],
            [t('dates.estimatedTakingOver'), formatOptional(document.estimatedDateTimeOfTakingOver, countryOf(document.placeOfTakingOver))],
            [t('dates.estimatedDelivery'), formatOptional(document.estimatedDateTimeOfDelivery, countryOf(document.placeOfDelivery))],
            [t('dates.delivered'), formatOptional(document.deliveryDate, countryOf(document.placeOfDelivery))],
            [t('dates.cashOnDelivery'), text(document.reimbursementAmount) ? moneyOf(document.reimbursementAmount, document.reimbursementCurrency) : ''],
            [t('dates.paymentForCarriage'), text(document.paymentForCarriage)],
          ]}
        />
      </Section>

      <Section id="goods-title" title={t('sections.goods')}>
        {structured.length > 0 ? (
          <TableWrap label={t('goods.tableLabel')}>
            <table className="table" data-testid="structured-goods">
              <thead>
                <tr>
                  <th scope="col">{t('goods.name')}</th>
                  <th scope="col">{t('goods.kind')}</th>
                  <th scope="col">{t('goods.packages')}</th>
                  <th scope="col">{t('goods.packaging')}</th>
                  <th scope="col">{t('goods.nature')}</th>
                  <th scope="col">{t('goods.weight')}</th>
                  <th scope="col">{t('goods.volume')}</th>
                  <th scope="col">{t('goods.value')}</th>
                  <th scope="col">{t('goods.codes')}</th>
                </tr>
              </thead>
              <tbody>
                {structured.map((line) => (
                  <tr key={text(line.productId) || text(line.name)}>
                    <th scope="row">
                      {text(line.name)}
                      {text(line.shortName) ? <span className="hint"> ({text(line.shortName)})</span> : null}
                    </th>
                    <td>{label('goodsType', line.type)}</td>
                    <td>{amount(line.numberOfPackages)}</td>
                    <td>{text(line.methodOfPackaging)}</td>
                    <td>{text(line.natureOfGoods)}</td>
                    <td>{text(line.weight) ? `${amount(line.weight)} ${label('weightUnit', line.weightUnit)}`.trim() : ''}</td>
                    <td>{text(line.volume) ? `${amount(line.volume)} ${label('volumeUnit', line.volumeUnit)}`.trim() : ''}</td>
                    <td>{text(line.commercialValue) ? moneyOf(line.commercialValue, line.currency) : ''}</td>
                    <td>
                      {[
                        text(line.ssccCode) && t('goods.sscc', { code: text(line.ssccCode) }),
                        text(line.eanCode) && t('goods.ean', { code: text(line.eanCode) }),
                        text(line.internalCode) && t('goods.internal', { code: text(line.internalCode) }),
                        text(line.statisticalNumber) && t('goods.statistical', { code: text(line.statisticalNumber) }),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        ) : text(document.goods) ? (
          <p className="preformatted">{text(document.goods)}</p>
        ) : (
          <p className="hint">{t('goods.none')}</p>
        )}
      </Section>

      <Section id="instructions-title" title={t('sections.instructions')}>
        <Details
          rows={[
            [texts('senderInstructions'), text(document.senderInstructions)],
            [texts('specialAgreements'), text(document.specialAgreements)],
            [texts('transportConditions'), text(document.transportConditions)],
          ]}
        />
      </Section>

      <Section id="references-title" title={t('sections.references')}>
        {references.length > 0 ? (
          <table className="table" data-testid="references">
            <thead>
              <tr>
                <th scope="col">{t('references.name')}</th>
                <th scope="col">{t('references.value')}</th>
              </tr>
            </thead>
            <tbody>
              {references.map((reference, index) => (
                <tr key={index}>
                  <td>{text(reference.name)}</td>
                  <td>{text(reference.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="hint">{t('references.none')}</p>
        )}
      </Section>

      <Section id="attachments-title" title={t('sections.attachments')}>
        {attachments.length > 0 ? (
          <ul className="plain-list" data-testid="attachments">
            {attachments.map((file) => (
              <li key={text(file.attachmentId)}>
                <strong>{text(file.originalFileName)}</strong>
                {text(file.name) ? ` — ${text(file.name)}` : ''}{' '}
                <span className="hint">
                  {text(file.mimeType)} · {typeof file.size === 'number' ? formatBytes(file.size) : ''} · {label('attachmentType', file.type)}
                  {file.sealed ? ` · ${t('attachments.sealed')}` : ''}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="hint">{t('attachments.none')}</p>
        )}
      </Section>

      <Section id="signing-title" title={t('sections.signing')}>
        <Details
          rows={TRANSFERS.map((transfer): [string, string] => [
            transfers(transfer.key),
            methods[transfer.key].map((method) => label('signingMethod', method)).join('; ') || common('none'),
          ])}
        />
      </Section>

      {status !== 'DRAFT' ? <TransferTimeline document={document} /> : null}
      <LegalEventsSection document={document} />

      <Section id="history-title" title={t('sections.history')}>
        {updates.length > 0 ? (
          <TableWrap label={t('history.tableLabel')}>
            <table className="table" data-testid="history">
              <thead>
                <tr>
                  <th scope="col">{t('history.when')}</th>
                  <th scope="col">{t('history.who')}</th>
                  <th scope="col">{t('history.change')}</th>
                  <th scope="col">{t('history.newStatus')}</th>
                </tr>
              </thead>
              <tbody>
                {updates.map((entry) => {
                  const account = entry.account;
                  return (
                    <tr key={text(entry.commitId)}>
                      <td>
                        <DateTime value={entry.createDateTimeServer} />
                      </td>
                      <td>
                        {text(account?.name) || t('history.unknownAccount')}
                        {text(account?.email) ? <span className="hint"> ({text(account?.email)})</span> : null}
                      </td>
                      <td>{label('changeType', entry.changeType)}</td>
                      <td>{text(entry.newFreightDocumentStatus) ? label('status', entry.newFreightDocumentStatus) : '—'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableWrap>
        ) : (
          <p className="hint">{t('history.none')}</p>
        )}
        <AccessHistory accesses={document.accesses} />
        <EftiPanel freightDocumentId={freightDocumentId} />
      </Section>

      <p>
        <Link href="/documents">{common('backToDocuments')}</Link>
      </p>
    </>
  );
}

/** A date-time attribute, or nothing when the document has none (the row is then left out). */
function formatOptional(value: unknown, countryCode?: string | null): ReactNode {
  return typeof value === 'string' && value ? <DateTime value={value} countryCode={countryCode} /> : '';
}

function countryOf(place: Party | null | undefined): string | null {
  return place?.countryCode ?? null;
}
