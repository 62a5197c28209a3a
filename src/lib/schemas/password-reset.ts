import { z } from 'zod';
import { emailSchema, passwordSchema } from './common';

export const requestPasswordResetInput = z.object({ email: emailSchema });
export const resetPasswordInput = z.object({ token: z.string().min(1, '3.1').max(200, '3.2'), newPassword: passwordSchema });

/** What the two steps answer: "sent" whether or not the address is known (no enumeration), then "reset". */
export const passwordResetRequested = z.object({ sent: z.literal(true) });
export const passwordResetDone = z.object({ reset: z.literal(true) });
