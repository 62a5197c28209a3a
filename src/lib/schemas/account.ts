import { z } from 'zod';
import { LOCALES } from '@/lib/i18n/locales';
import { about, emailSchema, optional, passwordSchema, phoneSchema } from './common';

export const createAccountInput = z.object({
  name: z.string().trim().min(1, '3.1').max(255, '3.2').meta(about('The person’s or company’s name, 1–255 characters.', 'Ann')),
  email: emailSchema.meta(about('The e-mail address to sign in with and to receive the activation link; unique, case-insensitively (3.5).', 'ann@example.com')),
  password: passwordSchema.meta(about('8–128 characters (3.2).', 'correct horse')),
  phoneNumber: optional(phoneSchema).meta(about('Digits, spaces and `( ) . - # + * p w` only (3.14).', '+31 10 123 4567')),
  companyName: optional(z.string().max(255, '3.2')).meta(about('The company the account acts for.', 'Acme Logistics B.V.')),
  // Must be true; client systems send the string "true" too. Anything else, missing included, is 3.3.
  acceptTermsAndConditions: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: '3.3' })
    .refine((value) => value === true || value === 'true', '3.3')
    .meta(about('Must be `true` (or `"true"`): the person accepts the operator’s terms. Anything else, missing included, is 3.3.', true)),
});
export type CreateAccountInput = z.input<typeof createAccountInput>;

/** One of the portal's languages: the language of the account's e-mails. */
export const localeSchema = z.enum(LOCALES, '3.9');

/**
 * What the account service takes: the API's body plus the preferred language, which the portal sends (the
 * language of the sign-up form) and REST derives from Accept-Language. The REST body itself is unchanged.
 */
export const signUpInput = createAccountInput.extend({ locale: localeSchema.optional() });
export type SignUpInput = z.input<typeof signUpInput>;

export const changeLocaleInput = z.object({ locale: localeSchema });
export type ChangeLocaleInput = z.infer<typeof changeLocaleInput>;

export const changePasswordInput = z.object({
  oldPassword: z.string().min(1, '3.1').meta(about('The current password (wrong: 1.7, and it counts towards the sign-in lockout).', 'correct horse')),
  newPassword: passwordSchema.meta(about('The new password: 8–128 characters (3.2), not the old one (3.7).', 'battery staple')),
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const accountView = z.object({
  accountId: z.string().meta(about('The account’s id.', '8d3f1c2a-4b5e-4f60-9a7b-1c2d3e4f5a6b')),
  accountNumber: z
    .string()
    .meta(
      about(
        'Its account number: 7 or 8 digits, unique, never reused. Parties name accounts by it (`submittedAccountNumber`), and two-factor responses carry it.',
        '1000001',
      ),
    ),
  name: z.string().meta(about('Its name.', 'Ann')),
  email: z.string().meta(about('Its e-mail address.', 'ann@example.com')),
  phoneNumber: z.string().nullable().meta(about('Its phone number, or `null`.')),
  companyName: z.string().nullable().meta(about('Its company, or `null`.')),
  credits: z.number().int().meta(about('Credits left: issuing a document costs one in production (4.41 without); free in the partner environment.', 0)),
  paymentScheme: z.enum(['PRE_PAY', 'POST_PAY']).meta(about('`PRE_PAY`: issuing spends credits; `POST_PAY`: billed afterwards.', 'PRE_PAY')),
  environment: z.enum(['partner', 'production']).meta(about('`partner` (the test environment: free, not legally valid) or `production`.', 'partner')),
});
export type AccountView = z.infer<typeof accountView>;

/** The portal's account answers (tRPC outputs): what each change reports back. */
export const passwordChanged = z.object({ changed: z.literal(true) });

/** The portal's sign-up answers only this, whether or not the address had an account (issue 20). */
export const signUpAccepted = z.object({ sent: z.literal(true) });
export const localeChanged = z.object({ locale: localeSchema });

/** Activation tokens are 43 base64url characters (256 bits); anything else is malformed (4.35). */
export const ACTIVATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What issuing a document costs now, and who pays (services/document/credits.ts has the rule). */
export const issueQuoteView = z.object({
  /** FREE: partner environment; PRE_PAY: paid from the balance now; POST_PAY: billed afterwards. */
  billing: z.enum(['FREE', 'PRE_PAY', 'POST_PAY']),
  cost: z.number().int(),
  /** The payer's balance; null when the submitter pays for a delegate (another account's balance is not shown). */
  balance: z.number().int().nullable(),
  canPay: z.boolean(),
  /** CALLER: the caller's own credits; SUBMITTER: a delegate of the SUBMITTER role issues, the submitter's credits pay (spec §5). */
  paidBy: z.enum(['CALLER', 'SUBMITTER']),
});
export type IssueQuoteView = z.infer<typeof issueQuoteView>;
