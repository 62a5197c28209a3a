import { router } from './init';
import { accountRouter } from './routers/account';
import { documentsRouter } from './routers/documents';
import { mailboxRouter } from './routers/mailbox';
import { oauthRouter } from './routers/oauth';
import { portalRouter } from './routers/portal';

export const appRouter = router({
  account: accountRouter,
  documents: documentsRouter,
  oauth: oauthRouter,
  mailbox: mailboxRouter,
  portal: portalRouter,
});

export type AppRouter = typeof appRouter;
