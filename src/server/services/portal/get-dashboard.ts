import { counterPartyApprovalOf } from '@/lib/domain/counter-party-approval';
import type { DocumentAction } from '@/lib/domain/document-actions';
import type { DashboardItem, DashboardView } from '@/lib/schemas/dashboard';
import type { ServiceContext } from '../context';
import { listFreightDocuments } from '../freight-documents/list-freight-documents';

type Listed = Awaited<ReturnType<typeof listFreightDocuments>>['freightDocuments'][number];

const APPROVALS: readonly DocumentAction[] = ['APPROVE_COLLECTION', 'APPROVE_CARRIER_TO_CARRIER', 'APPROVE_DELIVERY'];
/** Enough for a glance; the list behind each block has the rest. */
const SHOWN = 5;
/** Documents on the road the caller can see; approvals waiting are picked from these by allowedActions. */
const ON_THE_ROAD_SCAN = 100;

const nameOf = (party: unknown): string | null => {
  const name = (party as { name?: unknown } | null | undefined)?.name;
  return typeof name === 'string' && name !== '' ? name : null;
};

function item(document: Listed): DashboardItem {
  return {
    freightDocumentId: document.freightDocumentId,
    serviceNumber: document.serviceNumber,
    status: document.status,
    consignorName: nameOf(document.consignor),
    consigneeName: nameOf(document.consignee),
    lastModifiedDateTime: document.lastModifiedDateTime,
    allowedActions: document.allowedActions,
    counterPartyApproval: counterPartyApprovalOf(document)?.action ?? null,
  };
}

/**
 * The portal's home (issue 12): what needs the caller now and how many documents are in each state. Every
 * block is a query of the one list service, so what the dashboard counts is what the list shows; what the caller
 * may do comes from the access resolver's `allowedActions`, never from a rule of its own.
 */
export async function getDashboard({ ctx, input }: { ctx: ServiceContext; input: { todayStart: string } }): Promise<DashboardView> {
  const list = (query: Record<string, string>) => listFreightDocuments({ ctx, input: { query: Object.entries(query) } });
  const todayStart = new Date(input.todayStart).toISOString();
  const [drafts, issued, transit, delivered, onTheRoad, deliveredToday, recent] = await Promise.all([
    list({ filters: 'status.eq.DRAFT', limit: String(SHOWN) }),
    list({ filters: 'status.eq.ISSUED', limit: '1' }),
    list({ filters: 'status.eq.TRANSIT', limit: '1' }),
    list({ filters: 'status.eq.DELIVERED', limit: '1' }),
    list({ filters: 'status.ne.DRAFT,status.ne.DELIVERED', limit: String(ON_THE_ROAD_SCAN) }),
    list({ filters: `status.eq.DELIVERED,lastModifiedDateTime.ge.${todayStart}`, limit: String(SHOWN) }),
    list({ limit: String(SHOWN) }),
  ]);
  return {
    counts: { DRAFT: drafts.total, ISSUED: issued.total, TRANSIT: transit.total, DELIVERED: delivered.total },
    draftsToFinish: drafts.freightDocuments
      .filter((document) => document.allowedActions.includes('UPDATE') || document.allowedActions.includes('ISSUE'))
      .map(item),
    awaitingMyApproval: onTheRoad.freightDocuments
      .filter((document) => document.allowedActions.some((action) => APPROVALS.includes(action)))
      .slice(0, SHOWN)
      .map(item),
    deliveredToday: deliveredToday.freightDocuments.map(item),
    recent: recent.freightDocuments.map(item),
  };
}
