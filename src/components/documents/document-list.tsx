'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useMemo, useState, useTransition, type FormEvent } from 'react';
import { ErrorSummary } from '@/components/forms/error-summary';
import { errorsFromCall, type FieldError } from '@/components/forms/errors';
import { Field } from '@/components/forms/field';
import { SelectField } from '@/components/forms/select-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { describeError } from '@/lib/errors/catalogue';
import type { ListAttribute } from '@/lib/domain/list-query';
import {
  FILTER_KEYS,
  LISTED_STATUSES,
  PAGE_SIZES,
  hasFilters,
  isFilterValue,
  listQueryInput,
  listSearch,
  readListState,
  type DocumentListState,
} from '@/lib/portal/document-list-state';
import { DateTime } from '@/components/i18n/date-time';
import { useEnumLabel } from '@/components/i18n/labels';
import { useTRPC } from '@/lib/trpc/client';
import { DocumentCards } from '@/components/portal/document-cards';
import { DateOnly } from '@/components/portal/date-only';
import { DocumentSearch } from '@/components/portal/document-search';
import { firstReference, partyName } from '@/components/portal/list-columns';

const ID = 'list';

/** Column labels: `documents.list.columns`. */
const COLUMNS: {
  key: 'serviceNumber' | 'status' | 'consignor' | 'consignee' | 'reference' | 'carrier' | 'establishedDate' | 'lastModifiedDateTime';
  sort?: ListAttribute;
}[] = [
  { key: 'serviceNumber', sort: 'serviceNumber' },
  { key: 'status', sort: 'status' },
  { key: 'consignor' },
  { key: 'consignee' },
  { key: 'reference' },
  { key: 'carrier' },
  { key: 'establishedDate', sort: 'establishedDate' },
  { key: 'lastModifiedDateTime', sort: 'lastModifiedDateTime' },
];

const href = (state: DocumentListState) => `/documents${listSearch(state)}`;

interface DocumentListProps {
  /** The URL query as the page received it. */
  search: Record<string, string | string[] | undefined>;
  /** Service number of a draft cancelled just before. */
  cancelled?: string;
}

/**
 * The caller's documents (contract §4 list) with filters, sort and paging. The state lives in the URL, so a
 * view can be reloaded, bookmarked and shared; the query is the API's own filter syntax.
 */
export function DocumentList({ search, cancelled }: DocumentListProps) {
  const t = useTranslations('documents.list');
  const common = useTranslations('common');
  const label = useEnumLabel();
  const trpc = useTRPC();
  const router = useRouter();
  const [navigating, startNavigation] = useTransition();
  const [formErrors, setFormErrors] = useState<FieldError[]>([]);
  // On a phone the filters fold behind one "Filter" button (issue 19 item 7); wider screens always show them (CSS).
  const [filtersOpen, setFiltersOpen] = useState(false);
  const state = readListState(search);
  const query = useQuery({ ...trpc.documents.list.queryOptions(listQueryInput(state)), placeholderData: keepPreviousData });
  // Stable between renders: the summary takes focus whenever its list changes.
  const errors = useMemo(() => (formErrors.length > 0 ? formErrors : query.error ? errorsFromCall(query.error) : []), [formErrors, query.error]);

  function go(next: DocumentListState) {
    startNavigation(() => router.push(href(next)));
  }

  function onFilter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(FILTER_KEYS.map((key) => [key, String(data.get(key) ?? '').trim()]));
    const problems: FieldError[] = (['serviceNumber', 'establishedPlace'] as const)
      .filter((key) => !isFilterValue(values[key] ?? ''))
      .map((key) => ({ code: '3.19', description: describeError('3.19'), field: key }));
    setFormErrors(problems);
    if (problems.length > 0) return;
    const next = readListState({ ...values, q: state.q, limit: String(data.get('limit') ?? ''), sort: `${state.sort.attribute}.${state.sort.direction}` });
    go({ ...next, first: 1 });
  }

  const extra = useTranslations('portal.list');
  const columnLabel = (key: string) =>
    key === 'reference' || key === 'carrier' ? extra(key) : t(`columns.${key as Exclude<(typeof COLUMNS)[number]['key'], 'reference' | 'carrier'>}`);
  const fieldError = (key: string) => formErrors.find((error) => error.field === key);
  const data = query.data;
  const rows = data?.freightDocuments ?? [];
  const total = data?.total ?? 0;
  // Beyond 10,000 the service stops counting (contract §4): "10,000+", and there is a next page while pages are full.
  const atLeast = data?.totalRelation === 'gte';
  const busy = query.isFetching || navigating;
  const lastShown = data ? (atLeast ? data.first + rows.length - 1 : Math.min(total, data.first + rows.length - 1)) : 0;

  return (
    <>
      {cancelled ? (
        <div className="banner banner-success" role="status">
          {t('cancelled', { serviceNumber: cancelled })}
        </div>
      ) : null}
      <ErrorSummary errors={errors} idPrefix={ID} fields={['serviceNumber', 'establishedPlace']} />
      <DocumentSearch value={state.q} pending={navigating} onSearch={(q) => go({ ...state, q, first: 1 })} />

      <form
        className={`panel filters${filtersOpen || formErrors.length > 0 ? ' filters-open' : ''}`}
        method="get"
        action="/documents"
        onSubmit={onFilter}
        aria-labelledby="filters-title"
        // Filters typed but not applied are reset when the URL changes (back and forward, links).
        key={listSearch(state)}
      >
        <h2 id="filters-title" className="filters-title">
          {t('filterTitle')}
        </h2>
        <button
          type="button"
          className="button button-secondary filters-toggle"
          aria-expanded={filtersOpen || formErrors.length > 0}
          aria-controls="filters-body"
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {t('filterTitle')}
        </button>
        <div id="filters-body" className="filters-body">
          <div className="grid">
            <SelectField
              idPrefix={ID}
              name="status"
              label={t('status')}
              options={[{ value: '', label: t('anyStatus') }, ...LISTED_STATUSES.map((status) => ({ value: status, label: label('status', status) }))]}
              defaultValue={state.status}
            />
            <Field
              idPrefix={ID}
              name="serviceNumber"
              label={t('serviceNumber')}
              inputMode="numeric"
              autoComplete="off"
              defaultValue={state.serviceNumber}
              error={fieldError('serviceNumber')}
            />
            <Field
              idPrefix={ID}
              name="establishedPlace"
              label={t('establishedPlace')}
              hint={t('establishedPlaceHint')}
              autoComplete="off"
              defaultValue={state.establishedPlace}
              error={fieldError('establishedPlace')}
            />
          </div>
          <div className="grid">
            <fieldset className="fieldset fieldset-inner">
              <legend>{t('establishedDate')}</legend>
              <div className="pair">
                <Field idPrefix={ID} name="establishedFrom" label={t('from')} type="date" defaultValue={state.establishedFrom} />
                <Field idPrefix={ID} name="establishedTo" label={t('to')} type="date" defaultValue={state.establishedTo} />
              </div>
            </fieldset>
            <fieldset className="fieldset fieldset-inner">
              <legend>{t('lastModified')}</legend>
              <div className="pair">
                <Field idPrefix={ID} name="modifiedFrom" label={t('from')} type="date" defaultValue={state.modifiedFrom} />
                <Field idPrefix={ID} name="modifiedTo" label={t('to')} type="date" defaultValue={state.modifiedTo} />
              </div>
            </fieldset>
            <SelectField
              idPrefix={ID}
              name="limit"
              label={t('pageSize')}
              // A size typed into the URL (any 1…100) is offered too, so the select shows what the list does.
              options={[...new Set<number>([...PAGE_SIZES, state.limit])].sort((a, b) => a - b).map((size) => ({ value: String(size), label: String(size) }))}
              defaultValue={String(state.limit)}
            />
          </div>
          <div className="actions">
            <SubmitButton pending={navigating} label={t('apply')} pendingLabel={t('applying')} />
            {hasFilters(state) ? <Link href={href({ ...readListState({}), sort: state.sort, limit: state.limit })}>{t('clear')}</Link> : null}
          </div>
        </div>
      </form>

      <p className="list-count" role="status" aria-live="polite" data-testid="list-count">
        {query.isPending
          ? t('loadingDocuments')
          : query.isError
            ? ''
            : rows.length === 0
              ? ''
              : t(atLeast ? 'showingAtLeast' : 'showing', { first: data!.first, last: lastShown, total })}
      </p>

      {query.isPending ? (
        <p className="loading">
          <span className="spinner" aria-hidden="true" /> {common('loading')}
        </p>
      ) : query.isError ? null : rows.length === 0 ? (
        <div className="panel empty-state" data-testid="empty-state">
          {hasFilters(state) || state.first > 1 ? (
            <>
              <h2>{t('noMatchTitle')}</h2>
              <p>
                {t.rich('noMatchText', {
                  link: (chunks) => <Link href={href({ ...readListState({}), sort: state.sort, limit: state.limit })}>{chunks}</Link>,
                })}
              </p>
            </>
          ) : (
            <>
              <h2>{t('emptyTitle')}</h2>
              <p>{t('emptyText')}</p>
              <p>
                <Link className="button button-primary" href="/documents/new">
                  {t('draftDocument')}
                </Link>
              </p>
            </>
          )}
        </div>
      ) : (
        <>
          <DocumentCards rows={rows} />
          <div className="table-wrap documents-table-wrap" role="region" aria-labelledby="documents-caption" tabIndex={0}>
            <table className="table" aria-busy={busy || undefined} data-testid="documents-table">
              <caption id="documents-caption" className="visually-hidden">
                {t('caption', {
                  column: COLUMNS.find((column) => column.sort === state.sort.attribute) ? columnLabel(state.sort.attribute) : state.sort.attribute,
                  direction: state.sort.direction,
                })}
              </caption>
              <thead>
                <tr>
                  {COLUMNS.map((column) => {
                    if (!column.sort) {
                      return (
                        <th key={column.key} scope="col">
                          {columnLabel(column.key)}
                        </th>
                      );
                    }
                    const active = state.sort.attribute === column.sort;
                    const direction =
                      active && state.sort.direction === 'asc' ? 'desc' : active ? 'asc' : column.sort === 'lastModifiedDateTime' ? 'desc' : 'asc';
                    return (
                      <th key={column.key} scope="col" aria-sort={active ? (state.sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}>
                        <Link
                          className="sort-link"
                          href={href({ ...state, sort: { attribute: column.sort, direction }, first: 1 })}
                          // The visible name first (label in name), then what choosing it does.
                          aria-label={t('sortLink', { column: columnLabel(column.key), direction })}
                        >
                          {columnLabel(column.key)}
                          <span aria-hidden="true" className="sort-indicator">
                            {active ? (state.sort.direction === 'asc' ? '▲' : '▼') : '↕'}
                          </span>
                        </Link>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {rows.map((document) => (
                  <tr key={document.freightDocumentId}>
                    <th scope="row">
                      <Link href={`/documents/${encodeURIComponent(document.freightDocumentId)}`}>{document.serviceNumber}</Link>
                    </th>
                    <td>
                      <span className={`badge badge-${document.status.toLowerCase()}`}>{label('status', document.status)}</span>
                    </td>
                    <td>{partyName(document.consignor)}</td>
                    <td>{partyName(document.consignee)}</td>
                    <td>{firstReference(document)}</td>
                    <td>{partyName(document.carrier)}</td>
                    <td>
                      <DateOnly value={document.establishedDate} />
                    </td>
                    <td>
                      <DateTime value={document.lastModifiedDateTime} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      {data && total > 0 ? (
        <nav className="pagination" aria-label={t('pages')}>
          {state.first > 1 ? (
            <Link href={href({ ...state, first: Math.max(1, state.first - state.limit) })}>{t('previousPage')}</Link>
          ) : (
            <span className="disabled" aria-disabled="true">
              {t('previousPage')}
            </span>
          )}
          <span>
            {t(atLeast ? 'pageOfAtLeast' : 'pageOf', {
              page: Math.floor((state.first - 1) / state.limit) + 1,
              pages: Math.max(1, Math.ceil(total / state.limit)),
            })}
          </span>
          {lastShown < total || (atLeast && rows.length === state.limit) ? (
            <Link href={href({ ...state, first: state.first + state.limit })}>{t('nextPage')}</Link>
          ) : (
            <span className="disabled" aria-disabled="true">
              {t('nextPage')}
            </span>
          )}
        </nav>
      ) : null}
    </>
  );
}
