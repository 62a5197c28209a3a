import { z } from 'zod';
import { LOCALES } from '@/lib/i18n/locales';
import { emailSchema, optional, passwordSchema, phoneSchema } from './common';

export const createAccountInput = z.object({
  name: z.string().trim().min(1, '3.1').max(255, '3.2'),
  email: emailSchema,
  password: passwordSchema,
  phoneNumber: optional(phoneSchema),
  companyName: optional(z.string().max(255, '3.2')),
  // Must be true; client systems send the string "true" too. Anything else, missing included, is 3.3.
  acceptTermsAndConditions: z.unknown().refine((value) => value === true || value === 'true', '3.3'),
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
  oldPassword: z.string().min(1, '3.1'),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const accountView = z.object({
  accountId: z.string(),
  accountNumber: z.string(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  companyName: z.string().nullable(),
  credits: z.number().int(),
  paymentScheme: z.enum(['PRE_PAY', 'POST_PAY']),
  environment: z.enum(['partner', 'production']),
});
export type AccountView = z.infer<typeof accountView>;

/** The portal's account answers (tRPC outputs): what each change reports back. */
export const passwordChanged = z.object({ changed: z.literal(true) });

/** The portal's sign-up answers only this, whether or not the address had an account (issue 20). */
export const signUpAccepted = z.object({ sent: z.literal(true) });
export const localeChanged = z.object({ locale: localeSchema });

/** Activation tokens are 43 base64url characters (256 bits); anything else is malformed (4.35). */
export const ACTIVATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What issuing a document costs now, and who pays (services/freight-documents/credits.ts has the rule). */
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
