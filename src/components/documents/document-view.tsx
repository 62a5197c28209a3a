'use client';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { errorsFromCall, messageFor } from '@/components/forms/errors';
import { describeError, isErrorCode } from '@/lib/errors/catalogue';
import { SIGNING_METHOD_LABELS, TRANSFERS } from '@/lib/portal/document-form';
import { formatBytes, formatDateTime, ROLE_LABELS, STATUS_LABELS } from '@/lib/portal/format';
import { useTRPC, type RouterOutputs } from '@/lib/trpc/client';
import type { DocumentAction } from '@/lib/domain/document-actions';
import { DocumentActions } from './document-actions';

type DocumentJson = RouterOutputs['documents']['get'];
/** The actions the draft panel offers; which of them apply is the service's answer in `allowedActions`. */
const DRAFT_ACTIONS: readonly DocumentAction[] = ['UPDATE', 'ISSUE', 'CANCEL'];
type Json = Record<string, unknown>;

const text = (value: unknown): string => (value === undefined || value === null || value === '' ? '' : String(value));
const records = (value: unknown): Json[] =>
  Array.isArray(value) ? value.filter((item): item is Json => typeof item === 'object' && item !== null && !Array.isArray(item)) : [];

function Details({ rows, testId }: { rows: [string, ReactNode][]; testId?: string }) {
  const shown = rows.filter(([, value]) => value !== '' && value !== null && value !== undefined);
  if (shown.length === 0) return <p className="hint">Nothing given.</p>;
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

function PartyCard({ title, party }: { title: string; party: Json }) {
  const join = (...parts: unknown[]) => parts.map(text).filter(Boolean).join(' ');
  const address = [
    join(party.streetName, party.buildingNumber),
    text(party.postalBox) ? `PO box ${text(party.postalBox)}` : '',
    join(party.postalCode, party.cityName),
    join(party.countryName, party.countryCode ? `(${text(party.countryCode)})` : ''),
  ].filter(Boolean);
  const holder = text(party.submittedAccountNumber)
    ? `Account ${text(party.submittedAccountNumber)}`
    : text(party.submittedAccountEmailAddress)
      ? `${text(party.submittedAccountEmailAddress)}${party.accountId ? '' : ' (invited, no account yet)'}`
      : '';
  return (
    <article className="party-card" aria-labelledby={undefined}>
      <h3>{title}</h3>
      <Details
        rows={[
          ['Name', text(party.name)],
          [
            'Address',
            address.length
              ? address.map((line) => (
                  <span key={line} className="line">
                    {line}
                  </span>
                ))
              : '',
          ],
          ['Contact', text(party.contactName)],
          ['E-mail', text(party.contactEmailAddress)],
          ['Phone', text(party.contactPhoneNumber)],
          ['Note', text(party.contactNote)],
          ['GLN code', text(party.glnCode)],
          ['Holder', holder],
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
  return (
    <div className="table-wrap" role="region" aria-label={`${label} table`} tabIndex={0}>
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
  const trpc = useTRPC();
  const query = useQuery(trpc.documents.get.queryOptions({ freightDocumentId }));
  const [issuedHere, setIssuedHere] = useState(false);
  const notice = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (issuedHere) notice.current?.focus();
  }, [issuedHere]);

  if (query.isPending) {
    return (
      <>
        <h1>Freight document</h1>
        <p role="status" className="loading">
          <span className="spinner" aria-hidden="true" /> Loading the document…
        </p>
      </>
    );
  }
  if (query.isError) {
    const [error] = errorsFromCall(query.error);
    const notFound = error?.code === '4.47';
    return (
      <>
        <h1>{notFound ? 'Document not found' : 'Freight document'}</h1>
        <div className="error-summary" role="alert">
          <h2>{notFound ? 'This freight document does not exist or you have no role in it' : 'The document could not be loaded'}</h2>
          {error && !notFound ? <p>{messageFor(error)}</p> : null}
        </div>
        <p>
          <Link href="/documents">Back to your documents</Link>
        </p>
      </>
    );
  }

  const document: DocumentJson = query.data;
  // Content attributes the API passes through as given (spec §2.3) are not in the inferred type.
  const content = document as unknown as Json;
  const status = document.status;
  const structured = records(document.structuredGoods);
  const references = records(document.references);
  const attachments = records(document.attachments);
  const updates = records(document.updates);
  const methods = (
    typeof content.availableSigningMethods === 'object' && content.availableSigningMethods !== null ? content.availableSigningMethods : {}
  ) as Json;
  const subsequentCarriers = records(document.subsequentCarriers);
  const parties: [string, Json | null][] = [
    ['Consignor', document.consignor as Json | null],
    ['Consignee', document.consignee as Json | null],
    ['Carrier', document.carrier as Json | null],
    ['Place of taking over', document.placeOfTakingOver as Json | null],
    ['Place of delivery', document.placeOfDelivery as Json | null],
    ...subsequentCarriers.map((party, index): [string, Json] => [`Subsequent carrier ${index + 1}`, party]),
  ];
  const issueFailure = issueError && isErrorCode(issueError) ? messageFor({ code: issueError, description: describeError(issueError) }) : null;

  return (
    <>
      <h1>
        Freight document <span data-testid="service-number">{document.serviceNumber}</span>
      </h1>
      <p className="status-line">
        Status:{' '}
        <span className={`badge badge-${status.toLowerCase()}`} data-testid="document-status">
          {STATUS_LABELS[status] ?? status}
        </span>
      </p>

      {issuedHere || (saved === 'issued' && status !== 'DRAFT') ? (
        <div ref={notice} tabIndex={-1} className="banner banner-success" role="status">
          The document is issued. Its content is now fixed.
        </div>
      ) : saved === 'draft' ? (
        <div className="banner banner-success" role="status">
          The draft is saved.
        </div>
      ) : null}
      {issueFailure && status === 'DRAFT' ? (
        <div className="error-summary" role="alert">
          <h2>The draft is saved, but it could not be issued</h2>
          <p>{issueFailure}</p>
        </div>
      ) : null}

      {document.allowedActions.some((action) => DRAFT_ACTIONS.includes(action)) ? (
        <DocumentActions
          freightDocumentId={document.freightDocumentId}
          serviceNumber={document.serviceNumber}
          allowedActions={document.allowedActions}
          onIssued={() => setIssuedHere(true)}
        />
      ) : null}

      <Section id="summary-title" title="Summary">
        <Details
          testId="document-summary"
          rows={[
            ['Service number', document.serviceNumber],
            ['Status', STATUS_LABELS[status] ?? status],
            ['Type', text(document.type)],
            ['Submitted by', text(document.submitterName)],
            ['Established on', text(document.establishedDate)],
            ['Established in', text(document.establishedPlace)],
            ['Carrier code', text(document.carrierCode)],
            [
              'Last modified',
              <time key="modified" dateTime={document.lastModifiedDateTime}>
                {formatDateTime(document.lastModifiedDateTime)}
              </time>,
            ],
          ]}
        />
      </Section>

      <Section id="roles-title" title="Your roles in this document">
        <ul className="plain-list" data-testid="own-permissions">
          {document.ownPermissions.map((entry) => (
            <li key={entry.roleId}>
              <strong>{ROLE_LABELS[entry.role] ?? entry.role}</strong>: {entry.permissions.join(', ')}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="parties-title" title="Parties">
        <div className="party-grid">{parties.map(([title, party]) => (party ? <PartyCard key={title} title={title} party={party} /> : null))}</div>
      </Section>

      <Section id="dates-title" title="Dates and payment">
        <Details
          rows={[
            ['Agreed taking over', formatOptional(document.agreedDateTimeOfTakingOver)],
            ['Agreed delivery', formatOptional(document.agreedDateTimeOfDelivery)],
            ['Estimated taking over', formatOptional(document.estimatedDateTimeOfTakingOver)],
            ['Estimated delivery', formatOptional(document.estimatedDateTimeOfDelivery)],
            ['Delivered', formatOptional(document.deliveryDate)],
            ['Cash on delivery', text(content.reimbursementAmount) ? `${text(content.reimbursementAmount)} ${text(content.reimbursementCurrency)}`.trim() : ''],
            ['Payment for carriage', text(content.paymentForCarriage)],
          ]}
        />
      </Section>

      <Section id="goods-title" title="Goods">
        {structured.length > 0 ? (
          <TableWrap label="Structured goods">
            <table className="table" data-testid="structured-goods">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Packages</th>
                  <th scope="col">Packaging</th>
                  <th scope="col">Nature</th>
                  <th scope="col">Weight</th>
                  <th scope="col">Volume</th>
                  <th scope="col">Value</th>
                  <th scope="col">Codes</th>
                </tr>
              </thead>
              <tbody>
                {structured.map((line) => (
                  <tr key={text(line.productId) || text(line.name)}>
                    <th scope="row">
                      {text(line.name)}
                      {text(line.shortName) ? <span className="hint"> ({text(line.shortName)})</span> : null}
                    </th>
                    <td>{text(line.type)}</td>
                    <td>{text(line.numberOfPackages)}</td>
                    <td>{text(line.methodOfPackaging)}</td>
                    <td>{text(line.natureOfGoods)}</td>
                    <td>{text(line.weight) ? `${text(line.weight)} ${text(line.weightUnit).toLowerCase()}` : ''}</td>
                    <td>{text(line.volume) ? `${text(line.volume)} ${text(line.volumeUnit).toLowerCase().replace('_', ' ')}` : ''}</td>
                    <td>{text(line.commercialValue) ? `${text(line.commercialValue)} ${text(line.currency)}` : ''}</td>
                    <td>
                      {[
                        text(line.ssccCode) && `SSCC ${text(line.ssccCode)}`,
                        text(line.eanCode) && `EAN ${text(line.eanCode)}`,
                        text(line.internalCode) && `Internal ${text(line.internalCode)}`,
                        text(line.statisticalNumber) && `Statistical ${text(line.statisticalNumber)}`,
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
          <p className="hint">No goods described.</p>
        )}
      </Section>

      <Section id="instructions-title" title="Instructions and conditions">
        <Details
          rows={[
            ['Sender’s instructions', text(content.senderInstructions)],
            ['Special agreements', text(content.specialAgreements)],
            ['Transport conditions', text(content.transportConditions)],
          ]}
        />
      </Section>

      <Section id="references-title" title="References">
        {references.length > 0 ? (
          <table className="table" data-testid="references">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Value</th>
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
          <p className="hint">No references.</p>
        )}
      </Section>

      <Section id="attachments-title" title="Attachments">
        {attachments.length > 0 ? (
          <ul className="plain-list" data-testid="attachments">
            {attachments.map((file) => (
              <li key={text(file.attachmentId)}>
                <strong>{text(file.originalFileName)}</strong>
                {text(file.name) ? ` — ${text(file.name)}` : ''}{' '}
                <span className="hint">
                  {text(file.mimeType)} · {typeof file.size === 'number' ? formatBytes(file.size) : ''} ·{' '}
                  {file.type === 'GOODS' ? 'about the goods' : 'general'}
                  {file.sealed ? ' · sealed' : ''}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="hint">No attachments.</p>
        )}
      </Section>

      <Section id="signing-title" title="Signing methods">
        <Details
          rows={TRANSFERS.map((transfer): [string, string] => [
            transfer.label,
            (Array.isArray(methods[transfer.key]) ? (methods[transfer.key] as string[]) : [])
              .map((method) => SIGNING_METHOD_LABELS[method as keyof typeof SIGNING_METHOD_LABELS] ?? method)
              .join('; ') || 'none',
          ])}
        />
      </Section>

      <Section id="history-title" title="History">
        {updates.length > 0 ? (
          <TableWrap label="History">
            <table className="table" data-testid="history">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Change</th>
                  <th scope="col">New status</th>
                </tr>
              </thead>
              <tbody>
                {updates.map((entry) => {
                  const account = (entry.account ?? {}) as Json;
                  return (
                    <tr key={text(entry.commitId)}>
                      <td>
                        <time dateTime={text(entry.createDateTimeServer)}>{formatDateTime(entry.createDateTimeServer)}</time>
                      </td>
                      <td>
                        {text(account.name) || 'Unknown account'}
                        {text(account.email) ? <span className="hint"> ({text(account.email)})</span> : null}
                      </td>
                      <td>{CHANGE_LABELS[text(entry.changeType)] ?? text(entry.changeType)}</td>
                      <td>
                        {text(entry.newFreightDocumentStatus)
                          ? (STATUS_LABELS[text(entry.newFreightDocumentStatus)] ?? text(entry.newFreightDocumentStatus))
                          : '—'}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableWrap>
        ) : (
          <p className="hint">No history.</p>
        )}
      </Section>

      <p>
        <Link href="/documents">Back to your documents</Link>
      </p>
    </>
  );
}

const CHANGE_LABELS: Record<string, string> = {
  CREATE: 'Created',
  UPDATE: 'Changed',
  ISSUE: 'Issued',
  CANCEL: 'Cancelled',
  ESTIMATED_TIMES: 'Estimated times changed',
  STRUCTURED_GOODS: 'Goods quantities corrected',
  ATTACHMENT: 'Attachment added',
};

function formatOptional(value: unknown): string {
  return typeof value === 'string' && value ? formatDateTime(value) : '';
}
