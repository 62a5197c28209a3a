import { permissionsOf, type Permission } from '@/lib/domain/permissions';
import type { Role } from '@/lib/schemas/freight-document';
import type { DelegationRow, RoleRow } from '../document/rows';
import type { DelegationSource } from './delegation-sources';

/** A role the caller holds on one document, and how. */
export interface HeldRole {
  role: Role;
  roleId: string;
  /** `HOLDER`: named in the role; `DELEGATE`: the holder's rights handed on (per document or account-wide). */
  via: 'HOLDER' | 'DELEGATE';
  /** For delegates: the delegation to the caller that gives the role. */
  delegationId?: string;
  /** The default rights of the role (contract §5); a delegate receives all of them, DELEGATE included. */
  permissions: Permission[];
}

/**
 * The one rule of who holds what (spec §1, contract §5, §11): the caller holds a role when named in it, when
 * a delegation of that role on this document reaches the caller, or when the role's holder (or a delegate of
 * it) has delegated that role account-wide to the caller, directly or along a chain.
 */
export function resolveHeldRoles(input: {
  accountId: string;
  roles: RoleRow[];
  /** Active per-document delegations of this document. */
  documentDelegations: DelegationRow[];
  sources: DelegationSource[];
}): HeldRole[] {
  const { accountId, roles, documentDelegations, sources } = input;
  const held = new Map<string, HeldRole>();
  const add = (row: RoleRow, via: HeldRole['via'], delegationId?: string) => {
    if (held.get(row.id)?.via === 'HOLDER') return;
    held.set(row.id, { role: row.role, roleId: row.id, via, ...(delegationId ? { delegationId } : {}), permissions: permissionsOf(row.role) });
  };
  /** The delegation through which the caller acts for `holder`'s `role`, or undefined. */
  const reach = (holder: string | null, role: Role): string | undefined =>
    holder === null ? undefined : sources.find((source) => source.accountId === holder && source.role === role)?.delegationId;

  for (const row of roles) {
    if (row.accountId === accountId) add(row, 'HOLDER');
    else {
      const through = reach(row.accountId, row.role);
      if (through) add(row, 'DELEGATE', through);
    }
  }
  for (const delegation of documentDelegations) {
    const row = roles.find((candidate) => candidate.id === delegation.roleId);
    if (!row || row.role !== delegation.role) continue;
    if (delegation.delegateAccountId === accountId) add(row, 'DELEGATE', delegation.id);
    else {
      const through = reach(delegation.delegateAccountId, delegation.role);
      if (through) add(row, 'DELEGATE', through);
    }
  }
  return [...held.values()];
}

/** Of several roles that allow an action, the one the caller is named in, else the first delegated one. */
export function preferHolder<T extends Pick<HeldRole, 'via'>>(candidates: readonly T[]): T | undefined {
  return candidates.find((role) => role.via === 'HOLDER') ?? candidates[0];
}

/**
 * The account a record made in `actingAs` is made for: the caller when named in the role, else the role's
 * holder (a delegate acts for it; both are recorded), or the caller when the role has no account yet.
 */
export function onBehalfOf(actingAs: Pick<HeldRole, 'via'>, roleRow: Pick<RoleRow, 'accountId'>, callerAccountId: string): string {
  return actingAs.via === 'HOLDER' ? callerAccountId : (roleRow.accountId ?? callerAccountId);
}
