import { counterPartyMethods } from '@/lib/domain/tablet-transfers';
import type { TransferAction } from '@/lib/domain/transfers';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import type { HandOverTransfer } from '@/lib/schemas/tablet';
import { requireAccountId, type ServiceContext } from '../context';
import { loadAccessibleDocument } from '../document/load-document';
import { serializeDocument } from '../document/serialize-document';
import { transferViewsOf } from './transfer-views';

/** The secrets of one transfer from the caller's envelope (already cut to what the caller may see, contract §8). */
function secretsIn(document: FreightDocumentResponse, action: TransferAction, toRoleId: string | null) {
  if (action === 'COLLECTION') return document.collectionSecrets ?? null;
  if (action === 'DELIVERY') return document.deliverySecrets ?? null;
  const entry = document.carrierToCarrierSecrets?.find((secrets) => secrets.roleId === toRoleId);
  return entry ? { ...(entry.s1 ? { s1: entry.s1 } : {}), s2: entry.s2, s3: entry.s3 } : null;
}

/**
 * The tablet's hand-over screen (issue 9 part 4): the document as the caller sees it (allowedActions decide the
 * buttons) and the open transfers the caller takes part in, with the counter party's methods and the secrets the
 * carrier's device makes its challenge code from.
 */
export async function getHandOver({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string } }) {
  const loaded = await loadAccessibleDocument(ctx.db, requireAccountId(ctx), input.freightDocumentId);
  const document = await serializeDocument(ctx, loaded);
  const transfers = transferViewsOf(loaded.document, loaded.roles, loaded.approvals, loaded.access.held, document.instructions ?? []).map(
    ({ mine, situation, item }): HandOverTransfer => {
      const { freightDocumentId: _id, serviceNumber: _number, status: _status, ...rest } = item;
      return {
        ...rest,
        fromRoleId: mine.transfer.fromRoleId,
        toRoleId: mine.transfer.toRoleId,
        methods: counterPartyMethods(situation, mine.transfer),
        myRoleId: mine.myRoleId,
        myRole: loaded.roles.find((role) => role.id === mine.myRoleId)!.role,
        secrets: secretsIn(document, mine.transfer.action, mine.transfer.toRoleId),
      };
    },
  );
  return { document, transfers };
}
