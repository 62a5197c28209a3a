import { z } from 'zod';
import { jsonByteLength, TEMPLATE_BODY_MAX_BYTES } from '@/lib/domain/account-limits';

export const saveTemplateInput = z.object({
  name: z.string().trim().min(1, '3.1').max(100, '3.2'),
  /** The drafting form's body (validated again when a document is created from it); at most 64 KiB as JSON (3.2). */
  body: z.record(z.string(), z.unknown()).refine((body) => jsonByteLength(body) <= TEMPLATE_BODY_MAX_BYTES, '3.2'),
});
export const templateView = z.object({ templateId: z.string(), name: z.string(), body: z.record(z.string(), z.unknown()), updatedAt: z.string() });
export type TemplateView = z.infer<typeof templateView>;
export const templateId = z.object({ templateId: z.string().min(1) });
