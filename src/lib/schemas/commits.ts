import { z } from 'zod';
import { PART_NAMES, RECORD_KINDS } from '@/lib/chain/formula';
import { jsonValue, jsonValueOrNull } from './json-value';

/**
 * GET /freightdocuments/{id}/commits/{commitId} (contract §6): one commit with exactly what its contentHash covers,
 * so that anyone recomputes the chain from the API alone (the guide docs/guides/verify-a-document.md gives the formula).
 */
const recordEntry = z
  .object({
    kind: z
      .enum(RECORD_KINDS)
      .describe('An approval, a comment (reservations included) or a legal event (a reservation’s withdrawal included): folded into the records root.'),
    digest: z.string().describe('SHA-256 (hex) of the RFC 8785 canonical JSON of `record`.'),
    record: z.record(z.string(), jsonValueOrNull).describe('The record as first written; it never changes (its fields: docs/commit-chain.md).'),
  })
  .describe('A record this commit added.');
const partEntry = z
  .object({
    kind: z.literal('PART').describe('`PART`: a part of the document, named by digest in `content.parts`; not folded into the records root.'),
    part: z.enum(PART_NAMES).describe('Which of `content.parts` this is.'),
    digest: z.string().describe('SHA-256 (hex) of the RFC 8785 canonical JSON of `record`; equals `content.parts[part]`.'),
    record: jsonValue.describe('The part: the document content, its roles sorted by roleId, or its own attachments by digest.'),
  })
  .describe('A large part of the document that this commit’s content names first (none of its parents’ contents names it).');

export const commitResponse = z.object({
  commitId: z.string().describe('SHA-256 (hex) of the canonical JSON of the commit’s `updates` fields.'),
  changeType: z.string().describe('What the change was (CREATE, UPDATE, ISSUE, APPROVAL, COMMENT, RESERVATION …).'),
  contentHash: z.string().describe('SHA-256 (hex) of the canonical JSON of `content`.'),
  hashVersion: z.number().int().describe('1: content not kept; 2–4: whole snapshots; 5: records and large parts by digest.'),
  content: z
    .record(z.string(), jsonValueOrNull)
    .nullable()
    .describe('Exactly what `contentHash` hashed; null for a version 1 commit, whose content was not kept.'),
  addedRecords: z
    .array(z.union([recordEntry, partEntry]))
    .describe('The records this commit added and the parts of the document its content names first, each with its digest.'),
});
export type CommitResponse = z.infer<typeof commitResponse>;

export const commitRequest = z.object({ freightDocumentId: z.string(), commitId: z.string() });
