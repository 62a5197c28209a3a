import { adminCommand, type AdminCommand } from '@/lib/schemas/admin';
import { fromZodError } from '@/server/errors';
import type { ServiceContext } from '../context';
import { activateAccountByEmail } from '../accounts/activate-account-by-email';
import { addCredits } from '../accounts/add-credits';
import { createClient } from '../oauth/create-client';

/** Runs one operator command, whether it arrived from the CLI directly or through the running server. */
export async function runAdminCommand({ ctx, input }: { ctx: ServiceContext; input: AdminCommand }) {
  const parsed = adminCommand.safeParse(input);
  if (!parsed.success) throw fromZodError(parsed.error);
  const command = parsed.data;
  switch (command.command) {
    case 'client:create':
      return createClient({ ctx, input: command });
    case 'credits:add':
      return addCredits({ ctx, input: command });
    case 'account:activate':
      return activateAccountByEmail({ ctx, input: command });
  }
}
