import 'server-only';
import crypto from 'node:crypto';
import type { AppConfig } from '@/server/config/env';
import { randomDigits } from './tokens';

/**
 * A new account's secret (contract §2): 64 random decimal digits, or with ACCOUNT_SECRET_FORMAT=base64 the
 * padded standard base64 of 64 random bytes (88 characters), the format that client apps of the commercial
 * service decode into their MAC key (see lib/domain/tfa macKey).
 */
export function newAccountSecret(format: AppConfig['ACCOUNT_SECRET_FORMAT']): string {
  return format === 'base64' ? crypto.randomBytes(64).toString('base64') : randomDigits(64);
}
