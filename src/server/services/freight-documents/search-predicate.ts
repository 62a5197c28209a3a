import { sql, type SQL } from 'drizzle-orm';
import { containsPattern, FOLD_FROM, FOLD_TO } from '@/lib/domain/search-text';
import { documentRoles, freightDocuments } from '@/server/db/schema';

const folded = (expression: SQL) => sql`translate(lower(${expression}), ${FOLD_FROM}, ${FOLD_TO})`;

/**
 * The portal's one search box (issue 12, not part of the REST list query, which keeps the specification's rules):
 * a document matches when its service number, a reference, a party's name or city, or its place of establishment
 * contains the words, ignoring case and accents.
 */
export function searchCondition(text: string): SQL {
  const pattern = containsPattern(text);
  return sql`(
    ${freightDocuments.serviceNumber} like ${pattern}
    or ${folded(sql`coalesce(${freightDocuments.establishedPlace}, '')`)} like ${pattern}
    or ${folded(sql`coalesce((${freightDocuments.content} -> 'references')::text, '')`)} like ${pattern}
    or exists (
      select 1 from ${documentRoles}
      where ${documentRoles.documentId} = ${freightDocuments.id}
        and ${documentRoles.role} <> 'SUBMITTER'
        and ${folded(sql`coalesce(${documentRoles.party} ->> 'name', '') || ' ' || coalesce(${documentRoles.party} ->> 'cityName', '')`)} like ${pattern}
    )
  )`;
}
