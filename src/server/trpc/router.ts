import { router } from './init';
import { accountRouter } from './routers/account';
import { mailboxRouter } from './routers/mailbox';
import { oauthRouter } from './routers/oauth';

export const appRouter = router({
  account: accountRouter,
  oauth: oauthRouter,
  mailbox: mailboxRouter,
});

export type AppRouter = typeof appRouter;
