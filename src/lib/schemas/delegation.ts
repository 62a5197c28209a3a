import { z } from 'zod';
import { emailSchema, optional } from './common';
import { ROLES } from './freight-document';

const present = (value: unknown) => value !== undefined && value !== null && value !== '';
/** Cross-field rules run on whatever the fields parsed to, so they are reported beside the field errors. */
const onObjects = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) };

/**
 * POST /freightdocuments/{id}/delegate and POST /accounts/users/me/delegates (contract §11): the role whose
 * rights are handed on and the account that receives them, named by e-mail or by account number (one of them).
 * `roleId` (an extension) picks the role when the caller holds it more than once on a document (subsequent carriers).
 */
export const delegateInput = z
  .object({
    role: z.enum(ROLES, { error: (issue) => (issue.input === undefined ? '3.1' : '3.9') }),
    roleId: optional(z.string().max(100, '3.2')),
    emailAddressOfDelegatee: optional(emailSchema),
    accountNumberOfDelegatee: optional(z.union([z.string().max(20, '3.2'), z.number().int().transform(String)], { error: '3.17' })),
  })
  .refine((body) => !(present(body.emailAddressOfDelegatee) && present(body.accountNumberOfDelegatee)), {
    ...onObjects,
    message: '3.16',
    path: ['accountNumberOfDelegatee'],
  })
  .refine((body) => present(body.emailAddressOfDelegatee) || present(body.accountNumberOfDelegatee), {
    ...onObjects,
    message: '3.1',
    path: ['emailAddressOfDelegatee'],
  });
export type DelegateInput = z.input<typeof delegateInput>;

export const createdDelegateResponse = z.object({ delegateId: z.string() });

/** A delegation as its grantor sees it (the portal's delegates panels, GET /accounts/users/me/delegates). */
export const delegateView = z.object({
  delegateId: z.string(),
  role: z.enum(ROLES),
  /** The role on the document; null for an account-wide delegation. */
  roleId: z.string().nullable(),
  freightDocumentId: z.string().nullable(),
  delegateAccountId: z.string(),
  delegateAccountNumber: z.string(),
  delegateName: z.string(),
  /** The account that made it. */
  grantorAccountId: z.string(),
  createdAt: z.string(),
});
export type DelegateView = z.infer<typeof delegateView>;

export const accountDelegatesResponse = z.object({ delegates: z.array(delegateView) });

/** Who holds the roles of one document, and through whom (the portal's Delegates panel). */
export const documentDelegatesResponse = z.object({
  /** Active delegations on this document and account-wide ones that reach it, as far as the caller's roles go. */
  delegates: z.array(delegateView.extend({ scope: z.enum(['DOCUMENT', 'ACCOUNT']) })),
});

/** What revoking a delegation also ends (the portal's confirmation): delegations made further from it. */
export const revocationPreview = z.object({
  alsoEnds: z.array(
    z.object({
      delegateId: z.string(),
      role: z.enum(ROLES),
      /** null: an account-wide delegation. */
      freightDocumentId: z.string().nullable(),
      serviceNumber: z.string().nullable(),
      delegateName: z.string(),
      delegateAccountNumber: z.string(),
      /** Who made it (the delegate of the one revoked, or further down the chain). */
      grantorName: z.string(),
    }),
  ),
});
export type RevocationPreview = z.infer<typeof revocationPreview>;
