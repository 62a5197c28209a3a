import type { Role } from '@/lib/schemas/freight-document';

export type Permission = 'UPDATE' | 'VIEW_SEALED_ATTACHMENT' | 'VIEW' | 'DELEGATE';

/** Default rights of a role (contract §5). */
export function permissionsOf(role: Role): Permission[] {
  const rights: Permission[] = ['VIEW', 'DELEGATE'];
  if (role === 'SUBMITTER') rights.unshift('UPDATE');
  if (role === 'SUBMITTER' || role === 'CONSIGNOR' || role === 'CONSIGNEE') rights.push('VIEW_SEALED_ATTACHMENT');
  return rights;
}

/** Which slot of the document body a role fills. */
export const ROLE_SLOTS = {
  CONSIGNOR: 'consignor',
  CONSIGNEE: 'consignee',
  CARRIER: 'carrier',
  PLACE_OF_TAKING_OVER: 'placeOfTakingOver',
  PLACE_OF_DELIVERY: 'placeOfDelivery',
} as const satisfies Partial<Record<Role, string>>;

export type SingleRole = keyof typeof ROLE_SLOTS;
export const SINGLE_ROLES = Object.keys(ROLE_SLOTS) as SingleRole[];
