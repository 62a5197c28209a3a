import { z } from 'zod';
import { describeError, type ErrorCode } from '@/lib/errors/catalogue';
import type { FieldError } from '@/lib/errors/from-zod';
import { isDateTime } from './dates';

/** Attributes lists may filter and sort on (contract §4), and how their values compare. */
export const LIST_ATTRIBUTES = {
  status: 'text',
  type: 'text',
  serviceNumber: 'text',
  establishedDate: 'text',
  establishedPlace: 'text',
  carrierCode: 'text',
  lastModifiedDateTime: 'time',
  agreedDateTimeOfTakingOver: 'time',
  estimatedDateTimeOfTakingOver: 'time',
  estimatedDateTimeOfDelivery: 'time',
} as const;
export type ListAttribute = keyof typeof LIST_ATTRIBUTES;
export const FILTER_OPERATIONS = ['eq', 'ne', 'gt', 'lt', 'ge', 'le'] as const;
export type FilterOperation = (typeof FILTER_OPERATIONS)[number];

export interface ListFilter {
  attribute: ListAttribute;
  operation: FilterOperation;
  value: string;
}
export interface ListSort {
  attribute: ListAttribute;
  direction: 'asc' | 'desc';
}
export interface ListQuery {
  filters: ListFilter[];
  sort: ListSort[];
  limit: number;
  first: number;
}

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;
const ALLOWED_PARAMETERS = new Set(['filters', 'sort', 'limit', 'first']);

const isAttribute = (value: string): value is ListAttribute => Object.prototype.hasOwnProperty.call(LIST_ATTRIBUTES, value);

/**
 * Parses `?filters=a.op.v,…&sort=a.asc,…&limit=&first=` (spec §4 rule 3), reporting every problem at once:
 * 3.19–3.25 for filters and sort, 3.30 and 3.31 for pagination.
 */
export function parseListQuery(params: Iterable<[string, string]>): { ok: true; query: ListQuery } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const add = (code: ErrorCode, field: string) => errors.push({ code, description: describeError(code), field });
  const query: ListQuery = { filters: [], sort: [], limit: DEFAULT_LIMIT, first: 1 };

  for (const [name, raw] of params) {
    if (!ALLOWED_PARAMETERS.has(name)) {
      add('3.25', name);
      continue;
    }
    if (name === 'filters') {
      for (const block of raw.split(',')) {
        const first = block.indexOf('.');
        const second = first < 0 ? -1 : block.indexOf('.', first + 1);
        if (first <= 0 || second < 0 || second === first + 1 || second === block.length - 1) {
          add('3.19', 'filters');
          continue;
        }
        const attribute = block.slice(0, first);
        const operation = block.slice(first + 1, second);
        const value = block.slice(second + 1);
        if (!isAttribute(attribute)) add('3.21', 'filters');
        else if (!(FILTER_OPERATIONS as readonly string[]).includes(operation)) add('3.20', 'filters');
        else if (LIST_ATTRIBUTES[attribute] === 'time' && !isDateTime(value)) add('3.19', 'filters');
        else query.filters.push({ attribute, operation: operation as FilterOperation, value });
      }
    } else if (name === 'sort') {
      for (const block of raw.split(',')) {
        const dot = block.lastIndexOf('.');
        if (dot <= 0 || dot === block.length - 1) {
          add('3.22', 'sort');
          continue;
        }
        const attribute = block.slice(0, dot);
        const direction = block.slice(dot + 1);
        if (!isAttribute(attribute)) add('3.23', 'sort');
        else if (direction !== 'asc' && direction !== 'desc') add('3.24', 'sort');
        else query.sort.push({ attribute, direction });
      }
    } else if (name === 'limit') {
      const limit = /^\d+$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) add('3.31', 'limit');
      else query.limit = limit;
    } else {
      const first = /^\d+$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(first) || first < 1) add('3.30', 'first');
      else query.first = first;
    }
  }
  if (query.sort.length === 0) query.sort.push({ attribute: 'lastModifiedDateTime', direction: 'desc' });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, query };
}

/**
 * The query of GET /freightdocuments as a schema, for the OpenAPI document and generated tests. parseListQuery
 * above is what reads it (its error codes per part are contract §4's); this only names the parameters.
 */
export const listQueryParameters = z.object({
  filters: z
    .string()
    .optional()
    .describe(
      `Blocks \`attribute.operation.value\` separated by commas, which combine with AND (a document must match every block). Attributes ${Object.keys(
        LIST_ATTRIBUTES,
      )
        .map((name) => `\`${name}\``)
        .join(
          ', ',
        )}; operations ${FILTER_OPERATIONS.map((name) => `\`${name}\``).join(', ')}. Text attributes compare exactly (case-sensitive, by code point; \`serviceNumber\` and \`establishedDate\` sort as numbers and dates do); the four date-time attributes take an ISO 8601 date-time with its zone (\`2026-11-23T08:00:00Z\`, an offset URL-encoded as \`%2B01:00\`; else 3.19). A value may hold dots but no comma.`,
    ),
  sort: z
    .string()
    .optional()
    .describe(
      'Blocks `attribute.asc` or `attribute.desc` separated by commas, the first deciding first; the attributes of `filters`. Documents without the attribute come last; ties go by document id. Default `lastModifiedDateTime.desc`.',
    ),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_LIMIT)
    .optional()
    .describe(`Documents per page, a whole number 1–${MAX_LIMIT} (else 3.31); default ${DEFAULT_LIMIT}.`),
  first: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .describe('1-based position of the page’s first document (else 3.30); default 1. The next page starts at `first + limit`; past the end the page is empty.'),
});
