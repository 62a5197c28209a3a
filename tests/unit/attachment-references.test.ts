import { describe, expect, it } from 'vitest';
import { referenceOutcome, splitAttachmentReferences } from '@/lib/schemas/attachment-references';

const digestOf = (content: string) => `digest:${content}`;

describe('attachments sent back by id (contract §4)', () => {
  it('sets references apart from new attachments (an empty id is a new one)', () => {
    const split = splitAttachmentReferences({
      type: 'WAYBILL',
      attachments: [{ attachmentId: 'a1', content: '' }, { attachmentId: '', content: 'QQ==' }, { content: 'Qg==' }],
    });
    expect(split.references).toEqual([{ attachmentId: 'a1', content: '' }]);
    expect(split.added).toEqual([{ attachmentId: '', content: 'QQ==' }, { content: 'Qg==' }]);
    expect(split.body).toEqual({ type: 'WAYBILL', attachments: split.added });
  });

  it('leaves a body without an attachment list as it is', () => {
    const body = { type: 'WAYBILL' };
    expect(splitAttachmentReferences(body)).toEqual({ body, added: [], references: [] });
  });

  it('keeps an attachment sent without content or with its stored bytes, replaces it on other content', () => {
    const stored = { sha256: 'digest:QQ==' };
    expect(referenceOutcome({ attachmentId: 'a1', content: '' }, stored, digestOf)).toBe('keep');
    expect(referenceOutcome({ attachmentId: 'a1', content: null }, stored, digestOf)).toBe('keep');
    expect(referenceOutcome({ attachmentId: 'a1' }, stored, digestOf)).toBe('keep');
    expect(referenceOutcome({ attachmentId: 'a1', content: 'QQ==' }, stored, digestOf)).toBe('keep');
    expect(referenceOutcome({ attachmentId: 'a1', content: 'Qg==' }, stored, digestOf)).toBe('replace');
  });

  it('an unknown id names nothing without content and is a new attachment with it', () => {
    expect(referenceOutcome({ attachmentId: 'zz', content: '' }, undefined, digestOf)).toBe('unknown');
    expect(referenceOutcome({ attachmentId: 'zz', content: 'QQ==' }, undefined, digestOf)).toBe('replace');
  });
});
