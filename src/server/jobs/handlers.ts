import type { AppConfig } from '@/server/config/env';
import { SEND_MAIL_JOB } from '@/server/mail/queue-mail';
import { sendMailJob } from '@/server/mail/send-mail-job';
import type { JobHandler } from './worker';

/** Every kind of background job and who runs it. */
export function jobHandlers(config: AppConfig): Record<string, JobHandler> {
  return { [SEND_MAIL_JOB]: sendMailJob(config) };
}
