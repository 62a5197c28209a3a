import { z } from 'zod';
import { partyInput } from './freight-document';

/** A party as the address book keeps it: the document's party fields without the role id. */
export const addressBookParty = partyInput.omit({ roleId: true }).extend({ name: z.string().trim().min(1, '3.1').max(255, '3.2') });
export type AddressBookParty = z.infer<typeof addressBookParty>;

export const addressBookEntryView = z.object({
  entryId: z.string(),
  name: z.string(),
  party: z.record(z.string(), z.string()),
  useCount: z.number(),
  lastUsedAt: z.string(),
});
export type AddressBookEntryView = z.infer<typeof addressBookEntryView>;

export const updateAddressBookEntryInput = z.object({ entryId: z.string().min(1), party: addressBookParty });
export const addressBookEntryId = z.object({ entryId: z.string().min(1) });
