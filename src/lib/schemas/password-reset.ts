import { z } from 'zod';
import { emailSchema, passwordSchema } from './common';

export const requestPasswordResetInput = z.object({ email: emailSchema });
export const resetPasswordInput = z.object({ token: z.string().min(1, '3.1').max(200, '3.2'), newPassword: passwordSchema });
