import { router } from './init';
import { accountRouter } from './routers/account';
import { delegationRouter } from './routers/delegation';
import { documentsRouter } from './routers/documents';
import { mailboxRouter } from './routers/mailbox';
import { oauthRouter } from './routers/oauth';
import { webhooksRouter } from './routers/webhooks';
import { tabletRouter } from './routers/tablet';
import { portalRouter } from './routers/portal';
import { legalEventsRouter } from './routers/legal-events';
import { eftiRouter } from './routers/efti';

export const appRouter = router({
  account: accountRouter,
  documents: documentsRouter,
  oauth: oauthRouter,
  mailbox: mailboxRouter,
  delegation: delegationRouter,
  webhooks: webhooksRouter,
  tablet: tabletRouter,
  portal: portalRouter,
  legalEvents: legalEventsRouter,
  efti: eftiRouter,
});

export type AppRouter = typeof appRouter;
