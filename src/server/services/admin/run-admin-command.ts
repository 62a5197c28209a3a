import { adminCommand, type AdminCommand } from '@/lib/schemas/admin';
import { parseInput } from '@/server/errors';
import type { ServiceContext } from '../context';
import { activateAccountByEmail } from '../accounts/activate-account-by-email';
import { addCredits } from '../accounts/add-credits';
import { createClient } from '../oauth/create-client';
import { migrateAttachmentBlobs } from '../blobs/migrate-attachment-blobs';

/** Runs one operator command, whether it arrived from the CLI directly or through the running server. */
export async function runAdminCommand({ ctx, input }: { ctx: ServiceContext; input: AdminCommand }) {
  const commandInput = parseInput(adminCommand, input);
  const command = commandInput;
  switch (command.command) {
    case 'client:create':
      return createClient({ ctx, input: command });
    case 'credits:add':
      return addCredits({ ctx, input: command });
    case 'account:activate':
      return activateAccountByEmail({ ctx, input: command });
    case 'blobs:migrate':
      return migrateAttachmentBlobs({ ctx, input: command });
  }
}
