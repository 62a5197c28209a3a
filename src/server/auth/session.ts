import { getServerSession } from 'next-auth';
import { getAuthOptions } from './options';

/** The signed-in portal account, if any. */
export async function getSessionAccountId(): Promise<string | undefined> {
  const session = (await getServerSession(await getAuthOptions())) as { accountId?: string } | null;
  return session?.accountId;
}
