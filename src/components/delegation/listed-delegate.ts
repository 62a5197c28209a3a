import type { DelegateView } from '@/lib/schemas/delegation';

/**
 * A delegate as the delegates list shows it and the revoke dialog confirms it. Its own file: the list renders the
 * dialog and the dialog needs this type, which made an import cycle (issue 33).
 */
export type ListedDelegate = DelegateView & { scope: 'DOCUMENT' | 'ACCOUNT' };
