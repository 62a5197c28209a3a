'use client';
import { useFormatter, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { validate, type FieldError } from '@/components/forms/errors';
import { SubmitButton } from '@/components/forms/submit-button';
import { useEnumLabel } from '@/components/i18n/labels';
import { permissionsOf } from '@/lib/domain/permissions';
import { delegateInput, type DelegateInput } from '@/lib/schemas/delegation';
import type { Role } from '@/lib/schemas/freight-document';
import { FormErrors, TextField } from './text-field';

export interface RoleOption {
  role: Role;
  /** The role on the document (several subsequent carriers); absent account-wide. */
  roleId?: string;
  label: string;
}

interface DelegateFormProps {
  idPrefix: string;
  title: string;
  roles: readonly RoleOption[];
  scope: 'document' | 'account';
  pending: boolean;
  /** The server's refusal of the last request. */
  errors: readonly FieldError[];
  /** Said (politely) after a delegation was made. */
  done?: string;
  onSubmit: (input: DelegateInput) => void;
}

/** Both ways the contract names a delegatee end up in this one input; the server reports either on it. */
const DELEGATEE_FIELDS = ['emailAddressOfDelegatee', 'accountNumberOfDelegatee'];
/** Refusals about the account named (it holds the role already, it is the caller): said at that input too. */
const ABOUT_THE_DELEGATEE = ['3.36', '3.38', '4.7'];
/** The caller does not hold the role with the DELEGATE right: said at the role. */
const ABOUT_THE_ROLE = ['1.4'];

/**
 * Delegate a role to an account named by number or e-mail (contract §11), with the rights it hands on spelled out.
 * The body is checked with the request schema before it is sent, so the form answers with the server's codes.
 */
export function DelegateForm({ idPrefix, title, roles, scope, pending, errors, done, onSubmit }: DelegateFormProps) {
  const t = useTranslations('delegation');
  const label = useEnumLabel();
  const format = useFormatter();
  const [choice, setChoice] = useState(0);
  const [local, setLocal] = useState<FieldError[]>([]);
  const shown = local.length > 0 ? local : errors;
  const delegateeError = shown.find((error) => (error.field && DELEGATEE_FIELDS.includes(error.field)) || ABOUT_THE_DELEGATEE.includes(error.code));
  const roleError = shown.find((error) => error.field === 'role' || error.field === 'roleId' || ABOUT_THE_ROLE.includes(error.code));
  const other = shown.filter((error) => error !== delegateeError && error !== roleError);
  const selected = roles[choice] ?? roles[0];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || !selected) return;
    const named = String(new FormData(event.currentTarget).get('delegatee') ?? '').trim();
    const body: DelegateInput = {
      role: selected.role,
      ...(selected.roleId ? { roleId: selected.roleId } : {}),
      ...(named.includes('@') ? { emailAddressOfDelegatee: named } : named ? { accountNumberOfDelegatee: named } : {}),
    };
    const checked = validate(delegateInput, body);
    if (!checked.ok) {
      setLocal(checked.errors);
      return;
    }
    setLocal([]);
    onSubmit(body);
  }

  if (!selected) return null;
  return (
    <form className="form" method="post" onSubmit={submit} noValidate aria-labelledby={`${idPrefix}-title`}>
      <h3 id={`${idPrefix}-title`}>{title}</h3>
      <FormErrors errors={other} title={t('form.failed')} />
      {done && shown.length === 0 ? (
        <div className="banner banner-success" role="status">
          {done}
        </div>
      ) : null}
      <TextField id={`${idPrefix}-role`} label={t('form.role')} error={roleError}>
        <select
          id={`${idPrefix}-role`}
          name="role"
          className="input"
          value={choice}
          onChange={(event) => setChoice(Number(event.target.value))}
          aria-describedby={`${idPrefix}-rights${roleError ? ` ${idPrefix}-role-error` : ''}`}
          aria-invalid={roleError ? true : undefined}
        >
          {roles.map((option, index) => (
            <option key={option.roleId ?? option.role} value={index}>
              {option.label}
            </option>
          ))}
        </select>
      </TextField>
      <p id={`${idPrefix}-rights`} className="rights-text" data-testid={`${idPrefix}-rights`}>
        {t('rights.gives', {
          name: t('rights.someone'),
          role: label('role', selected.role),
          scope,
          permissions: format.list(permissionsOf(selected.role).map((permission) => label('permission', permission))),
        })}
      </p>
      <TextField
        id={`${idPrefix}-delegatee`}
        name="delegatee"
        label={t('form.delegatee')}
        hint={t('form.delegateeHint')}
        error={delegateeError}
        autoComplete="off"
        spellCheck={false}
      />
      <div className="actions">
        <SubmitButton pending={pending} label={t('form.submit')} pendingLabel={t('form.pending')} />
      </div>
    </form>
  );
}

/** The delegatee as the person typed it, for the confirmation. */
export function delegateeOf(input: DelegateInput): string {
  const email = input.emailAddressOfDelegatee;
  return typeof email === 'string' && email ? email : String(input.accountNumberOfDelegatee ?? '');
}
