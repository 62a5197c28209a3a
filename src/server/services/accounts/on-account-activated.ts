import type { Transaction } from '@/server/db/client';
import type { accounts } from '@/server/db/schema';

type Account = typeof accounts.$inferSelect;
type ActivationHook = (tx: Transaction, account: Account) => Promise<void>;

const hooks: ActivationHook[] = [];

/**
 * Work that must happen in the activation transaction: freight documents register a hook here that hands
 * roles held by the account's e-mail address over to the account (contract §3, last rule).
 */
export function registerActivationHook(hook: ActivationHook) {
  hooks.push(hook);
}

export async function onAccountActivated(tx: Transaction, account: Account) {
  for (const hook of hooks) await hook(tx, account);
}
