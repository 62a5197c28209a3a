import { DEFAULT_LIMIT, LIST_ATTRIBUTES, MAX_LIMIT, type ListAttribute } from '@/lib/domain/list-query';
import { isDate } from '@/lib/domain/dates';
import { STATUSES } from '@/lib/schemas/freight-document';

/**
 * The portal's document list keeps its filters, sort and page in the URL (linkable, survives reloads) and
 * turns them into the list query syntax of the API (`filters=attr.op.value,…`, `sort=attr.dir`, contract §4).
 * Values the syntax cannot carry (a comma splits blocks) or that are not dates are dropped from the URL state.
 */

/** Cancelled documents are never listed. */
export const LISTED_STATUSES = STATUSES.filter((status) => status !== 'CANCELLED');
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_SORT: ListSort = { attribute: 'lastModifiedDateTime', direction: 'desc' };

export interface ListSort {
  attribute: ListAttribute;
  direction: 'asc' | 'desc';
}

export interface DocumentListState {
  /** The search box (service number, reference, party name or place; case and accents ignored). */
  q: string;
  status: string;
  serviceNumber: string;
  establishedPlace: string;
  /** YYYY-MM-DD, inclusive. */
  establishedFrom: string;
  establishedTo: string;
  /** YYYY-MM-DD (UTC days), inclusive. */
  modifiedFrom: string;
  modifiedTo: string;
  sort: ListSort;
  first: number;
  limit: number;
}

export const FILTER_KEYS = ['status', 'serviceNumber', 'establishedPlace', 'establishedFrom', 'establishedTo', 'modifiedFrom', 'modifiedTo'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export const MAX_SEARCH_LENGTH = 200;
const DATE_KEYS: readonly FilterKey[] = ['establishedFrom', 'establishedTo', 'modifiedFrom', 'modifiedTo'];

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

function param(params: Params, name: string): string {
  const value = params instanceof URLSearchParams ? params.get(name) : params[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/** A filter value the list syntax can carry: no comma (it separates blocks). */
export function isFilterValue(value: string): boolean {
  return !value.includes(',');
}

function parseSort(raw: string): ListSort {
  const dot = raw.lastIndexOf('.');
  const attribute = raw.slice(0, dot);
  const direction = raw.slice(dot + 1);
  if (dot > 0 && Object.prototype.hasOwnProperty.call(LIST_ATTRIBUTES, attribute) && (direction === 'asc' || direction === 'desc')) {
    return { attribute: attribute as ListAttribute, direction };
  }
  return DEFAULT_SORT;
}

function positiveInteger(raw: string): number | undefined {
  return /^\d{1,9}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : undefined;
}

export function readListState(params: Params): DocumentListState {
  const state: DocumentListState = {
    q: param(params, 'q').slice(0, MAX_SEARCH_LENGTH),
    status: '',
    serviceNumber: '',
    establishedPlace: '',
    establishedFrom: '',
    establishedTo: '',
    modifiedFrom: '',
    modifiedTo: '',
    sort: parseSort(param(params, 'sort')),
    first: positiveInteger(param(params, 'first')) ?? 1,
    limit: DEFAULT_LIMIT,
  };
  const limit = positiveInteger(param(params, 'limit'));
  if (limit !== undefined && limit <= MAX_LIMIT) state.limit = limit;
  for (const key of FILTER_KEYS) {
    const value = param(params, key);
    if (!value || !isFilterValue(value)) continue;
    if (DATE_KEYS.includes(key) && !isDate(value)) continue;
    if (key === 'status' && !(LISTED_STATUSES as readonly string[]).includes(value)) continue;
    state[key] = value;
  }
  return state;
}

/** The URL query of a state, leaving out defaults so that links stay short. */
export function listSearch(state: DocumentListState): string {
  const query = new URLSearchParams();
  if (state.q) query.set('q', state.q);
  for (const key of FILTER_KEYS) if (state[key]) query.set(key, state[key]);
  if (state.sort.attribute !== DEFAULT_SORT.attribute || state.sort.direction !== DEFAULT_SORT.direction) {
    query.set('sort', `${state.sort.attribute}.${state.sort.direction}`);
  }
  if (state.limit !== DEFAULT_LIMIT) query.set('limit', String(state.limit));
  if (state.first !== 1) query.set('first', String(state.first));
  const text = query.toString();
  return text ? `?${text}` : '';
}

function nextUtcDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** Service numbers are 12-digit zero-padded strings; "42" means 000000000042. */
export function normaliseServiceNumber(value: string): string {
  return /^\d{1,12}$/.test(value) ? value.padStart(12, '0') : value;
}

/** The `documents.list` input (the REST list query) for a state. */
export function listQueryInput(state: DocumentListState): { filters?: string; sort: string; limit: number; first: number; q?: string } {
  const blocks: string[] = [];
  if (state.status) blocks.push(`status.eq.${state.status}`);
  if (state.serviceNumber) blocks.push(`serviceNumber.eq.${normaliseServiceNumber(state.serviceNumber)}`);
  if (state.establishedPlace) blocks.push(`establishedPlace.eq.${state.establishedPlace}`);
  if (state.establishedFrom) blocks.push(`establishedDate.ge.${state.establishedFrom}`);
  if (state.establishedTo) blocks.push(`establishedDate.le.${state.establishedTo}`);
  if (state.modifiedFrom) blocks.push(`lastModifiedDateTime.ge.${state.modifiedFrom}T00:00:00Z`);
  if (state.modifiedTo) blocks.push(`lastModifiedDateTime.lt.${nextUtcDay(state.modifiedTo)}T00:00:00Z`);
  return {
    ...(blocks.length > 0 ? { filters: blocks.join(',') } : {}),
    ...(state.q ? { q: state.q } : {}),
    sort: `${state.sort.attribute}.${state.sort.direction}`,
    limit: state.limit,
    first: state.first,
  };
}

export function hasFilters(state: DocumentListState): boolean {
  return state.q !== '' || FILTER_KEYS.some((key) => state[key] !== '');
}
