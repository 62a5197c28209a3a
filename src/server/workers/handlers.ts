import { getAppSecret } from '@/server/crypto/app-secret';
import { getBlobStore } from '@/server/blobs';
import { sendMail } from '@/server/mail/send-mail-job';
import { mailPasswordResetLink, openResetRequest } from '@/server/services/accounts/request-password-reset';
import { deliverWebhook } from '@/server/webhooks/deliver-job';
import { uploadIdentifiers } from '@/server/services/efti/upload-identifiers';
import { sweepOrphanBlobs } from '@/server/services/blobs/sweep-orphan-blobs';
import { rootLogger } from '@/server/observability/logger';
import type { JobContext, JobKindName, JobPayload } from '@/server/jobs/kinds';

export type JobHandlers = { [K in JobKindName]: (payload: JobPayload<K>, context: JobContext) => Promise<void> };

/** Who runs each kind of job. The mapped type makes a kind without a handler a compile error. */
export const jobHandlers: JobHandlers = {
  'mail.send': sendMail,
  'webhook.deliver': deliverWebhook,
  'efti.upload': uploadIdentifiers,
  'blobs.sweep': async (_payload, { db }) => {
    const swept = await sweepOrphanBlobs({ ctx: { db, blobs: getBlobStore() } });
    if (swept.deleted + swept.temporaries > 0) rootLogger.info({ component: 'blobs', ...swept }, 'orphan blobs swept');
  },
  'password-reset.mail': async ({ emailSealed }, { db, config }) => {
    const appSecret = await getAppSecret(db, config);
    const ctx = { db, config, appSecret, now: () => new Date(), blobs: getBlobStore() };
    await mailPasswordResetLink({ ctx, input: { email: openResetRequest(emailSealed, appSecret) } });
  },
};
