import type { AddressBookEntryView } from '@/lib/schemas/address-book';
import { PARTY_TEXT_FIELDS, type PartyForm } from '@/lib/portal/document-form';

export interface BookOption {
  /** What the type-ahead offers and matches: the name, with the place when two entries share a name. */
  label: string;
  entry: AddressBookEntryView;
}

export function bookOptions(entries: readonly AddressBookEntryView[]): BookOption[] {
  const counts = new Map<string, number>();
  for (const entry of entries) counts.set(entry.name, (counts.get(entry.name) ?? 0) + 1);
  return entries.map((entry) => {
    const place = [entry.party.postalCode, entry.party.cityName, entry.party.countryCode].filter(Boolean).join(' ');
    return { label: (counts.get(entry.name) ?? 0) > 1 && place ? `${entry.name} (${place})` : entry.name, entry };
  });
}

/** The form's fields for a party picked from the address book; the holder only where the role is not yet fixed. */
export function partyFromEntry(entry: AddressBookEntryView, current: PartyForm): Partial<PartyForm> {
  const patch: Partial<PartyForm> = {};
  for (const field of PARTY_TEXT_FIELDS) patch[field.key] = entry.party[field.key] ?? '';
  patch.name = entry.name;
  if (!current.holderLocked) {
    const account = entry.party.submittedAccountNumber;
    const email = entry.party.submittedAccountEmailAddress;
    Object.assign(patch, account ? { holderKind: 'account', holderValue: account } : email ? { holderKind: 'email', holderValue: email } : {});
  }
  return patch;
}

/**
 * One party copied to a place ("same address as the consignee"): name and address, and the holder with them (issue 19
 * item 7) where the place's holder is not yet fixed, so that a consignee picked from the address book with its
 * account number also holds the place of delivery instead of leaving that role without a holder.
 */
export const ADDRESS_KEYS = ['name', 'streetName', 'buildingNumber', 'postalBox', 'postalCode', 'cityName', 'countryCode', 'countryName'] as const;
export function sameAddressAs(source: PartyForm, target: PartyForm): Partial<PartyForm> {
  const address: Partial<PartyForm> = Object.fromEntries(ADDRESS_KEYS.map((key) => [key, source[key]]));
  if (target.holderLocked || !source.holderValue.trim()) return address;
  return { ...address, holderKind: source.holderKind, holderValue: source.holderValue };
}
