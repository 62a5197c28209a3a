import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '@/lib/domain/actor';
import { parseResponseCode } from '@/lib/domain/tfa';
import { counterPartyRecordRefusal, defaultCounterPartyRole, isRefusal, resolveTransfer, signingMethodsOf, type Transfer } from '@/lib/domain/transfers';
import { approvalTypeOf, counterPartyApprovalInput, type EvidenceInput } from '@/lib/schemas/transfers';
import type { Transaction } from '@/server/db/client';
import { accounts, attachments } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { fail, parseInput } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { loadDelegationSources } from '../access/delegation-sources';
import { preferHolder, resolveHeldRoles } from '../access/held-roles';
import { recordCounterParty } from '@/lib/domain/action-rules';
import { authorize, type HeldRole, type LoadedDocument } from '../document/load-document';
import { situationOf } from '@/lib/domain/situations';
import { attachmentRow, checkAttachments, prepareAttachments, type PreparedFiles } from '../document/attachment-content';
import { mutateDocument } from '../document/mutate-document';
import { serializeDocument } from '../document/serialize-document';
import { loadTransferRecords } from '../document/snapshot';
import { matchResponseCode } from './check-response-code';
import { countCodeAttempt, isWrongCode } from './code-attempts';
import { recordApproval } from '../document/record-approval';
import { loadTransferSecrets, secretsOfTransfer } from '../document/transfer-secrets';
import type { RoleRow } from '../document/rows';

/** Who approved, as the evidence proves it. */
interface CounterParty {
  role: Pick<RoleRow, 'id' | 'role'>;
  accountId: string | null;
  actor: Actor;
  signedOnGlassBy?: { name: string; email?: string };
  attachmentId?: string;
}

type Recorder = { recordedByAccountId: string; recordedThroughDelegationId?: string };

/**
 * TFA (contract §8): the response code names an account; it must hold a counter-party role of this transfer
 * (directly or as a delegate) and the code must be the response computed with its secret, the transfer's s2
 * and the contentHash of the document's comments (every comment recorded so far: the content the counter
 * party approves). Anything else is 3.6, in constant time.
 */
async function byResponseCode(ctx: ServiceContext, tx: Transaction, loaded: LoadedDocument, transfer: Transfer, code: string, recorder: Recorder) {
  const parsed = parseResponseCode(code.trim());
  const [account] = parsed ? await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.accountNumber, parsed.accountNumber)) : [];
  const held: HeldRole[] = account
    ? resolveHeldRoles({
        accountId: account.id,
        roles: loaded.roles,
        documentDelegations: loaded.access.documentDelegations,
        sources: await loadDelegationSources(tx, account.id),
      }).filter((role) => transfer.counterParty.includes(role.roleId))
    : [];
  const secrets = secretsOfTransfer(await loadTransferSecrets(ctx, tx, loaded.document.id), transfer.action, transfer.toRoleId);
  const comments = (await loadTransferRecords(tx, loaded.document.id)).comments.map((comment) => comment.text ?? '');
  const approver = await matchResponseCode(tx, ctx, {
    serviceNumber: loaded.document.serviceNumber,
    s1: secrets?.s1 ?? '0',
    s2: secrets?.s2 ?? '0',
    s3: secrets?.s3 ?? '0',
    action: transfer.action,
    comments,
    counterPartyAccountIds: held.length > 0 && secrets ? [account!.id] : [],
    responseCode: code,
  });
  const role = preferHolder(held)!;
  return {
    role: { id: role.roleId, role: role.role },
    accountId: approver.accountId,
    actor: { kind: 'RESPONSE_CODE', approverAccountId: approver.accountId, ...recorder },
  } satisfies CounterParty;
}

/**
 * Sign-on-glass (contract §7): the signer's name and one PNG or JPEG image, kept as a sealed attachment. A
 * decline on a hand-over link may come without an image (a name and remarks).
 */
async function bySignature(
  ctx: ServiceContext,
  tx: Transaction,
  loaded: LoadedDocument,
  evidence: EvidenceInput,
  recorder: Recorder,
  image: PreparedFiles | undefined,
) {
  const signer = evidence.signedOnGlassBy!;
  const actor = { kind: 'SIGNER', name: signer.name, ...(signer.email ? { email: signer.email } : {}), ...recorder } as const;
  if (!image) return { signedOnGlassBy: signer, actor };
  const [file] = checkAttachments(image);
  if (!file!.mimeType.startsWith('image/')) fail('3.8', 'evidence.attachments[0].mimeType');
  const attachmentId = newId();
  await tx.insert(attachments).values(attachmentRow(loaded.document.id, { ...file!, sealed: true }, ctx.now(), attachmentId));
  return { signedOnGlassBy: signer, attachmentId, actor };
}

/**
 * POST /freightdocuments/{id}/submitcounterpartyapproval (contract §7): the carrier side of a transfer records
 * its counter party's approval from its own device, with a TFA response code, a signature on glass, or no
 * evidence (an implicit approval, always possible). TFA and sign-on-glass must be listed for the transfer in
 * the document's availableSigningMethods (4.50). The signer and the implicit approval are the commit's actors.
 */
export async function submitCounterpartyApproval({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { freightDocumentId: string; body: z.input<typeof counterPartyApprovalInput> };
}) {
  requireAccountId(ctx);
  const approval = parseInput(counterPartyApprovalInput, input.body);
  // A response code counts towards its transfer's attempt limit (contract §8) before it is checked; only a wrong one
  // is kept as an attempt.
  const attempt =
    approvalTypeOf(approval.evidence) === 'TFA' ? await countCodeAttempt(ctx, { freightDocumentId: input.freightDocumentId, ...approval }) : undefined;
  try {
    const approved = await recordCounterPartyApproval(ctx, input.freightDocumentId, approval);
    await attempt?.release();
    return serializeDocument(ctx, approved);
  } catch (error) {
    await (isWrongCode(error) ? attempt?.wrong() : attempt?.release());
    throw error;
  }
}

/** What a hand-over link (redeem-handover-link.ts) adds to the carrier's recording: a decline, and its own step in the frame. */
export interface CounterPartyApprovalOptions {
  declined?: boolean;
  remarks?: string;
  /** Runs in the change's transaction after the rules passed (ends the link in the same commit). */
  beforeRecording?: (tx: Transaction) => Promise<void>;
}

/**
 * The counter party's approval recorded by the carrier side, in the one frame: submitcounterpartyapproval's rule,
 * shared with the hand-over link, which records the same approval on behalf of the account that asked for it.
 */
export async function recordCounterPartyApproval(
  ctx: ServiceContext,
  freightDocumentId: string,
  approval: z.output<typeof counterPartyApprovalInput>,
  options: CounterPartyApprovalOptions = {},
) {
  const accountId = requireAccountId(ctx);
  const type = approvalTypeOf(approval.evidence);
  // The signature's image is stored before the transaction and judged inside it, after the transfer's rules.
  const [image] = type === 'SIGN_ON_GLASS' ? (approval.evidence?.attachments ?? []) : [];
  const signature = image
    ? await prepareAttachments(
        ctx,
        [{ type: 'SIGNATURE', originalFileName: image.originalFileName ?? image.name ?? 'signature', name: image.name, sealed: true, content: image.content }],
        'evidence.attachments',
      )
    : undefined;
  return mutateDocument(ctx, {
    freightDocumentId,
    changeType: 'APPROVAL',
    previousCommits: approval.previousCommits,
    requirePreviousCommits: true,
    secondsSinceCreation: approval.secondsSinceCreation,
    apply: async (loaded, tx, times) => {
      // Judged for the transfer of the body's kind, as an own approval is (lib/domain/action-rules.ts recordCounterParty).
      authorize(loaded, recordCounterParty(approval.action));
      const situation = situationOf(loaded.document, loaded.roles, loaded.approvals);
      const transfer = resolveTransfer(situation, approval.action, approval.counterPartyRoleId);
      if (isRefusal(transfer)) fail(transfer.code, transfer.field);
      const carrierSide = loaded.access.held.filter((role) => transfer.carrierSide.includes(role.roleId));
      const refusal = counterPartyRecordRefusal(
        situation,
        transfer,
        carrierSide.map((role) => role.roleId),
      );
      if (refusal) fail(refusal.code, refusal.field);
      if (type !== 'IMPLICIT' && !signingMethodsOf(situation, transfer.action).includes(type)) fail('4.50', 'evidence');

      const actingAs = preferHolder(carrierSide)!;
      const recorder: Recorder = {
        recordedByAccountId: accountId,
        ...(actingAs.via === 'DELEGATE' ? { recordedThroughDelegationId: actingAs.delegationId } : {}),
      };
      const standIn = defaultCounterPartyRole(situation, transfer);
      await options.beforeRecording?.(tx);
      let counterParty: CounterParty;
      if (type === 'TFA') counterParty = await byResponseCode(ctx, tx, loaded, transfer, approval.evidence!.responseCode!, recorder);
      else if (!standIn) fail('4.18');
      else if (type === 'SIGN_ON_GLASS')
        counterParty = { role: standIn, accountId: null, ...(await bySignature(ctx, tx, loaded, approval.evidence!, recorder, signature)) };
      else counterParty = { role: standIn, accountId: null, actor: { kind: 'IMPLICIT', ...recorder } };

      const change = await recordApproval(tx, loaded, {
        transfer,
        side: 'COUNTER_PARTY',
        type,
        role: counterParty.role,
        accountId: counterParty.accountId,
        submittedByAccountId: accountId,
        times,
        previousCommits: approval.previousCommits,
        place: approval.place,
        location: approval.location,
        signedOnGlassBy: counterParty.signedOnGlassBy,
        attachmentId: counterParty.attachmentId,
        declined: options.declined,
        remarks: options.remarks,
      });
      return { ...change, actor: counterParty.actor };
    },
  });
}
