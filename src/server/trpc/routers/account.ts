import { accountView, changeLocaleInput, changePasswordInput, localeChanged, passwordChanged, signUpAccepted, signUpInput } from '@/lib/schemas/account';
import { changeAccountLocale } from '@/server/services/accounts/change-account-locale';
import { signUpFromPortal } from '@/server/services/accounts/sign-up-from-portal';
import { getMyAccount } from '@/server/services/accounts/get-my-account';
import { changePassword } from '@/server/services/accounts/change-password';
import { accountProcedure, router, signUpProcedure } from '../init';

export const accountRouter = router({
  signUp: signUpProcedure
    .input(signUpInput)
    .output(signUpAccepted)
    .mutation(({ ctx, input }) => signUpFromPortal({ ctx: ctx.service, input })),
  me: accountProcedure.output(accountView).query(({ ctx }) => getMyAccount({ ctx: ctx.service })),
  changePassword: accountProcedure
    .input(changePasswordInput)
    .output(passwordChanged)
    .mutation(async ({ ctx, input }) => {
      await changePassword({ ctx: ctx.service, input });
      return { changed: true as const };
    }),
  changeLocale: accountProcedure
    .input(changeLocaleInput)
    .output(localeChanged)
    .mutation(({ ctx, input }) => changeAccountLocale({ ctx: ctx.service, input })),
});
