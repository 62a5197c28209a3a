import { z } from 'zod';
import { about, emailSchema, optional } from './common';
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
    role: z
      .enum(ROLES, { error: (issue) => (issue.input === undefined ? '3.1' : '3.9') })
      .meta(
        about(
          'The role whose rights are handed on; the caller must hold it (1.4). The delegate gets every default right of the role, `DELEGATE` included.',
          'CARRIER',
        ),
      ),
    roleId: optional(z.string().max(100, '3.2')).meta(
      about('Which of the caller’s roles of that kind, when it holds more than one on the document (subsequent carriers).'),
    ),
    emailAddressOfDelegatee: optional(emailSchema).meta(
      about(
        'The delegate by e-mail: the account with that address, or an invitation to create one. Exactly one of this and `accountNumberOfDelegatee` (both: 3.16; neither: 3.1).',
        'dave@example.com',
      ),
    ),
    accountNumberOfDelegatee: optional(z.union([z.string().max(20, '3.2'), z.number().int().transform(String)], { error: '3.17' })).meta(
      about('The delegate by account number (a JSON number is accepted).', '1000003'),
    ),
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

export const createdDelegateResponse = z.object({
  delegateId: z.string().meta(about('The delegation’s id: end it with DELETE …/delegates/{delegateId}.', '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f')),
});

/** A delegation as its grantor sees it (the portal's delegates panels, GET /accounts/users/me/delegates). */
export const delegateView = z.object({
  delegateId: z.string().meta(about('The delegation’s id.')),
  role: z.enum(ROLES).meta(about('The role delegated.', 'CARRIER')),
  /** The role on the document; null for an account-wide delegation. */
  roleId: z.string().nullable().meta(about('The role on the document; `null` for an account-wide delegation.')),
  freightDocumentId: z.string().nullable().meta(about('The document; `null` for an account-wide delegation (every document, present and future).')),
  delegateAccountId: z.string().meta(about('The account that received it.')),
  delegateAccountNumber: z.string().meta(about('That account’s number.', '1000003')),
  delegateName: z.string().meta(about('That account’s name.', 'Dave')),
  /** The account that made it. */
  grantorAccountId: z.string().meta(about('The account that made it.')),
  createdAt: z.string().meta(about('When it was made, UTC with milliseconds.', '2026-11-23T14:10:00.000Z')),
});
export type DelegateView = z.infer<typeof delegateView>;

export const accountDelegatesResponse = z.object({ delegates: z.array(delegateView).meta(about('The caller’s active account-wide delegations.')) });

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
