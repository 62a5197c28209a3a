import { z } from 'zod';
import { DOCUMENT_ACTIONS } from '@/lib/domain/document-actions';
import { TRANSFER_ACTIONS } from '@/lib/domain/transfers';
import { STATUSES } from './freight-document';

/** One document as the dashboard lists it: enough to name it and link to it. */
export const dashboardItem = z.object({
  freightDocumentId: z.string(),
  serviceNumber: z.string(),
  status: z.enum(STATUSES),
  consignorName: z.string().nullable(),
  consigneeName: z.string().nullable(),
  lastModifiedDateTime: z.string(),
  allowedActions: z.array(z.enum(DOCUMENT_ACTIONS)),
  /** The transfer the caller may approve now as its counter party (the portal links to it); null otherwise. */
  counterPartyApproval: z.enum(TRANSFER_ACTIONS).nullable(),
});
export type DashboardItem = z.infer<typeof dashboardItem>;

/** The start of "today" in the reader's time zone, as the browser knows it (the server does not). */
export const dashboardInput = z.object({ todayStart: z.iso.datetime({ offset: true }) });

export const dashboardView = z.object({
  counts: z.object({ DRAFT: z.number(), ISSUED: z.number(), TRANSIT: z.number(), DELIVERED: z.number() }),
  draftsToFinish: z.array(dashboardItem),
  awaitingMyApproval: z.array(dashboardItem),
  deliveredToday: z.array(dashboardItem),
  recent: z.array(dashboardItem),
});
export type DashboardView = z.infer<typeof dashboardView>;
