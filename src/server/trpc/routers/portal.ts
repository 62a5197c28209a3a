import { z } from 'zod';
import { addressBookEntryId, addressBookParty, addressBookEntryView, updateAddressBookEntryInput } from '@/lib/schemas/address-book';
import { dashboardInput, dashboardView } from '@/lib/schemas/dashboard';
import { addAddressBookEntry } from '@/server/services/address-book/add-address-book-entry';
import { deleteAddressBookEntry } from '@/server/services/address-book/delete-address-book-entry';
import { listAddressBook } from '@/server/services/address-book/list-address-book';
import { updateAddressBookEntry } from '@/server/services/address-book/update-address-book-entry';
import { getDashboard } from '@/server/services/portal/get-dashboard';
import { deletedAnswer } from '@/lib/schemas/common';
import { passwordResetDone, passwordResetRequested, requestPasswordResetInput, resetPasswordInput } from '@/lib/schemas/password-reset';
import { requestPasswordReset } from '@/server/services/accounts/request-password-reset';
import { resetPassword } from '@/server/services/accounts/reset-password';
import { saveTemplateInput, templateId, templateView } from '@/lib/schemas/templates';
import { deleteTemplate } from '@/server/services/templates/delete-template';
import { listTemplates } from '@/server/services/templates/list-templates';
import { saveTemplate } from '@/server/services/templates/save-template';
import { accountProcedure, publicProcedure, router } from '../init';

/** The portal's own screens (issue 12): the dashboard, the address book, templates. */
export const portalRouter = router({
  dashboard: accountProcedure
    .input(dashboardInput)
    .output(dashboardView)
    .query(({ ctx, input }) => getDashboard({ ctx: ctx.service, input })),
  addressBook: accountProcedure.output(z.array(addressBookEntryView)).query(({ ctx }) => listAddressBook({ ctx: ctx.service })),
  addAddressBookEntry: accountProcedure
    .input(addressBookParty)
    .output(addressBookEntryView)
    .mutation(({ ctx, input }) => addAddressBookEntry({ ctx: ctx.service, input })),
  updateAddressBookEntry: accountProcedure
    .input(updateAddressBookEntryInput)
    .output(addressBookEntryView)
    .mutation(({ ctx, input }) => updateAddressBookEntry({ ctx: ctx.service, input })),
  deleteAddressBookEntry: accountProcedure
    .input(addressBookEntryId)
    .output(deletedAnswer)
    .mutation(({ ctx, input }) => deleteAddressBookEntry({ ctx: ctx.service, input })),
  requestPasswordReset: publicProcedure
    .input(requestPasswordResetInput)
    .output(passwordResetRequested)
    .mutation(({ ctx, input }) => requestPasswordReset({ ctx: ctx.service, input })),
  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .output(passwordResetDone)
    .mutation(({ ctx, input }) => resetPassword({ ctx: ctx.service, input })),
  templates: accountProcedure.output(z.array(templateView)).query(({ ctx }) => listTemplates({ ctx: ctx.service })),
  saveTemplate: accountProcedure
    .input(saveTemplateInput)
    .output(templateView)
    .mutation(({ ctx, input }) => saveTemplate({ ctx: ctx.service, input })),
  deleteTemplate: accountProcedure
    .input(templateId)
    .output(deletedAnswer)
    .mutation(({ ctx, input }) => deleteTemplate({ ctx: ctx.service, input })),
});
