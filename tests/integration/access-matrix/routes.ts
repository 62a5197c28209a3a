/**
 * Every route file of the REST API, classified. Routes that take a document or attachment id list their methods:
 * the matrix sends each of them for every caller and status. The others say why they are outside it. A route
 * file missing here fails the matrix test, so a new route must be classified (and, if it takes an id, covered).
 */
import fs from 'node:fs';
import path from 'node:path';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

export type RouteEntry =
  /** Takes a freight document id (`{id}` of /freightdocuments) or an attachment id: in the matrix. */
  | { scope: 'document' | 'attachment'; methods: readonly Method[] }
  /** Takes an id of the caller's own account-wide records: checked for foreign ids (another account's). */
  | { scope: 'account-record'; methods: readonly Method[] }
  /** Takes no id of another account's data. */
  | { scope: 'none'; why: string };

export const ROUTES: Record<string, RouteEntry> = {
  '/freightdocuments/{id}': { scope: 'document', methods: ['GET', 'PUT'] },
  '/freightdocuments/{id}/pdf': { scope: 'document', methods: ['GET'] },
  '/freightdocuments/{id}/pgp': { scope: 'document', methods: ['GET'] },
  '/freightdocuments/{id}/issue': { scope: 'document', methods: ['POST'] },
  '/freightdocuments/{id}/cancel': { scope: 'document', methods: ['POST'] },
  '/freightdocuments/{id}/attachments': { scope: 'document', methods: ['POST'] },
  '/freightdocuments/{id}/attachments/{attachmentId}': { scope: 'document', methods: ['GET'] },
  '/freightdocuments/{id}/estimatedtimes': { scope: 'document', methods: ['PATCH'] },
  '/freightdocuments/{id}/structuredgoods': { scope: 'document', methods: ['PATCH'] },
  '/freightdocuments/{id}/licenseplates': { scope: 'document', methods: ['PATCH'] },
  '/freightdocuments/{id}/comments': { scope: 'document', methods: ['POST'] },
  '/freightdocuments/{id}/comments/{commentId}/withdrawal': { scope: 'document', methods: ['POST'] },
  '/freightdocuments/{id}/commits/{commitId}': { scope: 'document', methods: ['GET'] },
  '/freightdocuments/{id}/instructions': { scope: 'document', methods: ['POST'] },
  '/freightdocuments/{id}/instructions/{instructionId}/response': { scope: 'document', methods: ['POST'] },
  '/freightdocuments/{id}/impediments': { scope: 'document', methods: ['POST'] },
  '/freightdocuments/{id}/cashondelivery': { scope: 'document', methods: ['POST'] },
  '/freightdocuments/{id}/receipt': { scope: 'document', methods: ['GET'] },
  '/freightdocuments/{id}/receipt/pdf': { scope: 'document', methods: ['GET'] },
  '/freightdocuments/{id}/receipt/pgp': { scope: 'document', methods: ['GET'] },
  '/freightdocuments/{id}/replacebypaper': { scope: 'document', methods: ['POST'] },
  '/freightdocuments/{id}/updates': { scope: 'document', methods: ['POST'] },
  '/freightdocuments/{id}/submitmyapproval': { scope: 'document', methods: ['POST'] },
  '/freightdocuments/{id}/submitcounterpartyapproval': { scope: 'document', methods: ['POST'] },
  '/freightdocuments/{id}/handoverlinks': { scope: 'document', methods: ['POST'] },
  '/freightdocuments/{id}/delegate': { scope: 'document', methods: ['POST'] },
  '/freightdocuments/{id}/delegates/{delegateId}': { scope: 'document', methods: ['DELETE'] },
  '/freightdocuments/{id}/subscriptions': { scope: 'document', methods: ['GET', 'POST'] },
  '/freightdocuments/{id}/subscriptions/{subscriptionId}': { scope: 'document', methods: ['DELETE'] },
  '/freightdocuments/{id}/subscriptions/{subscriptionId}/deliveries': { scope: 'document', methods: ['GET'] },
  '/freightdocuments/{id}/subscriptions/{subscriptionId}/test': { scope: 'document', methods: ['POST'] },
  '/freightdocuments/{id}/subscriptions/{subscriptionId}/deliveries/{deliveryId}/redeliver': { scope: 'document', methods: ['POST'] },
  '/attachment/{id}': { scope: 'attachment', methods: ['GET'] },
  '/attachment/{id}/content': { scope: 'attachment', methods: ['GET'] },

  '/accounts/users/me/delegates/{delegateId}': { scope: 'account-record', methods: ['DELETE'] },
  '/accounts/users/me/subscriptions/{subscriptionId}': { scope: 'account-record', methods: ['DELETE'] },
  '/accounts/users/me/subscriptions/{subscriptionId}/deliveries': { scope: 'account-record', methods: ['GET'] },
  '/accounts/users/me/subscriptions/{subscriptionId}/test': { scope: 'account-record', methods: ['POST'] },
  '/accounts/users/me/subscriptions/{subscriptionId}/deliveries/{deliveryId}/redeliver': { scope: 'account-record', methods: ['POST'] },

  '/freightdocuments/{id}/efti': {
    scope: 'none',
    why: 'contract §15: exists only while eFTI is on (the matrix server runs without it: 2.2 for everyone); its role-holder check is loadAccessibleDocument, covered by efti.test.ts',
  },
  '/v0/consignments/{datasetId}': {
    scope: 'none',
    why: "contract §15: an eFTI gate's read, by the gate's own credentials, not an account's; 2.2 while eFTI is off",
  },
  '/v0/consignments/{datasetId}/follow-up': {
    scope: 'none',
    why: "contract §15: an eFTI gate's follow-up, by the gate's own credentials; 2.2 while eFTI is off",
  },
  '/freightdocuments': { scope: 'none', why: 'list and create: the list is checked per caller by the matrix (only documents it holds a role in)' },
  '/accounts/users': { scope: 'none', why: 'sign-up with client credentials' },
  '/accounts/users/me': { scope: 'none', why: "the caller's own account" },
  '/accounts/users/me/password': { scope: 'none', why: "the caller's own password" },
  '/accounts/users/me/delegates': { scope: 'none', why: "the caller's own account-wide delegations (role it holds)" },
  '/accounts/users/me/subscriptions': { scope: 'none', why: "the caller's own account-wide subscriptions" },
  '/accounts/activation/{token}': { scope: 'none', why: 'public; a secret token, not an id' },
  '/oauth/token': { scope: 'none', why: 'OAuth token endpoint' },
  '/oauth/authorize': { scope: 'none', why: 'OAuth authorization endpoint' },
  '/oauth/revoke': { scope: 'none', why: 'OAuth revocation with client credentials' },
  '/heartbeat': { scope: 'none', why: 'public health check' },
  '/metrics': { scope: 'none', why: 'operator metrics behind METRICS_TOKEN' },
  '/internal/admin': { scope: 'none', why: "the admin command's door, behind a per-start token" },
  '/auth/{...nextauth}': { scope: 'none', why: 'portal sessions (next-auth), not the REST API' },
  '/portal/locale': { scope: 'none', why: "the portal's language switch: a cookie of this browser, no document" },
  '/trpc/{trpc}': { scope: 'none', why: 'the portal and tablet transport (tRPC), not the REST API; its procedures call the same services' },
  '/{...path}': { scope: 'none', why: 'unknown paths: 2.2' },
  '/pgp/publickey': { scope: 'none', why: "public: the service's PGP public key" },
  '/openapi.json': { scope: 'none', why: 'public: the OpenAPI document' },
  '/procedures': { scope: 'none', why: "public: the operator's procedures statement (contract §14)" },
};

/** The path template of every route.ts under src/app/api, as the matrix names them (`[id]` → `{id}`). */
export function routeFileTemplates(repoRoot: string): string[] {
  const api = path.join(repoRoot, 'src/app/api');
  return fs
    .readdirSync(api, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === 'route.ts')
    .map((file) => `/${path.dirname(file).split(path.sep).join('/')}`.replace(/\/\.$/, ''))
    .map((template) => template.replace(/\[\[([^\]]+)\]\]/g, '{$1}').replace(/\[([^\]]+)\]/g, '{$1}'))
    .sort();
}
