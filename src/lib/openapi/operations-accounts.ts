import { z } from 'zod';
import { accountView, changePasswordInput, createAccountInput } from '@/lib/schemas/account';
import {
  createdAccountResponse,
  heartbeatDownResponse,
  heartbeatResponse,
  openApiDocumentResponse,
  revokedResponse,
  tokenResponse,
} from '@/lib/schemas/api-responses';
import { accountDelegatesResponse, createdDelegateResponse, delegateInput } from '@/lib/schemas/delegation';
import { authorizationRequest, revokeRequestForm, tokenRequestForm } from '@/lib/schemas/oauth';
import { accountExample, DELEGATE_ID, delegateViewExample, PUBLIC_KEY_EXAMPLE } from './examples';
import type { ApiOperation } from './operation';

const json = (schema: z.ZodType, example: unknown) => ({ 'application/json': { schema, example } });

/** OAuth, accounts, account-wide delegation, and the public operational endpoints. */
export const accountOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/oauth/token',
    tag: 'Authentication',
    summary: 'Get an access token (password, refresh token or authorization code)',
    description:
      'Client credentials by HTTP Basic (or `client_id`/`client_secret` in the form). The password grant also returns the account’s `accountSecret`. Refresh tokens rotate on every use; a reused one revokes its whole family.',
    auth: 'none',
    security: 'client',
    oauth: true,
    body: {
      schema: tokenRequestForm,
      form: true,
      example: { grant_type: 'password', username: 'ann@example.com', password: 'correct horse' },
      examples: {
        password: {
          summary: 'Password grant (client by HTTP Basic): answers accountSecret too',
          value: { grant_type: 'password', username: 'ann@example.com', password: 'correct horse', scope: 'service' },
        },
        refresh_token: {
          summary: 'Refresh token grant (client by HTTP Basic): the old refresh token is spent',
          value: { grant_type: 'refresh_token', refresh_token: 'zMCXRfWbjcUYl7b1fodkCpjLlJD9u3DmzLTSHRlajs0' },
        },
        authorization_code: {
          summary: 'Authorization code grant (client credentials in the form, or HTTP Basic); code_verifier with PKCE',
          value: {
            grant_type: 'authorization_code',
            code: 'Yh2fM1kq8CeJ0a3VZpRw7Q',
            redirect_uri: 'https://tms.example.com/callback',
            client_id: '82k5WwukUCftTPzQaU44Wg',
            client_secret: 'client-secret-from-client-create',
            code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
          },
        },
      },
    },
    success: [
      {
        status: 200,
        description: 'The tokens.',
        headers: { 'Cache-Control': 'no-store' },
        content: json(tokenResponse, {
          access_token: '0FzIeu-AwFYfOW-HrZjphpW_-IDKMRMJRXRqSJz4uvk',
          token_type: 'bearer',
          refresh_token: 'zMCXRfWbjcUYl7b1fodkCpjLlJD9u3DmzLTSHRlajs0',
          expires_in: 3600,
          scope: 'service',
          accountSecret: '0539436004344689151809411785827390735055424489933817916970197186',
        }),
      },
    ],
    errors: ['1.6', '1.7', '1.13', '2.1', '1.3'],
  },
  {
    method: 'post',
    path: '/oauth/revoke',
    tag: 'Authentication',
    summary: 'Revoke an access or refresh token (RFC 7009)',
    description:
      'The client authenticates by HTTP Basic. Revoking a refresh token revokes its whole family; the answer is 200 whether or not the token was known, so it tells nothing about tokens.',
    auth: 'none',
    security: 'client',
    oauth: true,
    body: { schema: revokeRequestForm, form: true, example: { token: 'zMCXRfWbjcUYl7b1fodkCpjLlJD9u3DmzLTSHRlajs0' } },
    success: [{ status: 200, description: 'Always, also for an unknown token.', content: json(revokedResponse, {}) }],
    errors: ['1.6'],
  },
  {
    method: 'get',
    path: '/oauth/authorize',
    tag: 'Authentication',
    summary: 'Start the authorization-code or implicit flow',
    description:
      'Redirects to the portal’s sign-in and consent pages, then to `redirect_uri` with `code` and `state` (or `#access_token=…` for the implicit flow). An unknown client or redirect URI is an error page (400), never a redirect.',
    auth: 'none',
    query: authorizationRequest,
    parameterExamples: { response_type: 'code', client_id: '82k5WwukUCftTPzQaU44Wg', redirect_uri: 'https://tms.example.com/callback', state: 'x1' },
    success: [
      { status: 302, description: 'To the sign-in page, or back to the client with an error.', headers: { Location: '/login?callbackUrl=…' } },
      { status: 400, description: 'An error page (text/html) for an unknown client or redirect URI.', content: { 'text/html': { format: 'text' } } },
    ],
    errors: ['3.2'],
  },
  {
    method: 'post',
    path: '/accounts/users',
    tag: 'Accounts',
    summary: 'Create an account',
    description: 'An activation e-mail is sent; the account can log in once activated. `Accept-Language` picks the language of its e-mails.',
    auth: 'client',
    body: {
      schema: createAccountInput,
      example: { name: 'Ann', email: 'ann@example.com', password: 'correct horse', acceptTermsAndConditions: true },
    },
    success: [
      {
        status: 201,
        description: 'Created.',
        headers: { Location: '/api/accounts/users/me' },
        content: json(createdAccountResponse, { accountId: accountExample.accountId, accountNumber: '1000001' }),
      },
    ],
    errors: ['3.1', '3.2', '3.3', '3.4', '3.5', '3.14'],
  },
  {
    method: 'get',
    path: '/accounts/activation/{token}',
    tag: 'Accounts',
    summary: 'Activate an account (the link of the activation e-mail)',
    description:
      'The link the activation e-mail carries; no authentication. A token that is not of the token format is `4.35`, unknown `4.38`, older than 72 hours `4.37`, already used `4.39`. Until activation the account cannot get tokens (`1.7`); an operator can also activate it with the admin command `account:activate`.',
    auth: 'none',
    parameterExamples: { token: 'q7sR0Yb3m2nX9kPz4cVw8eTj1uHgLfDa6oNiBlMyE5A' },
    success: [
      { status: 301, description: 'Activated: to the portal’s sign-in page.', headers: { Location: '/login?activated=1' } },
      { status: 303, description: 'A browser (Accept: text/html) with a bad token: to a page that explains.', headers: { Location: '/activation?error=4.37' } },
    ],
    errors: ['4.35', '4.37', '4.38', '4.39'],
  },
  {
    method: 'get',
    path: '/accounts/users/me',
    tag: 'Accounts',
    summary: 'The caller’s account',
    description:
      'The account the access token belongs to: its id and 7–8 digit `accountNumber`, name, e-mail, phone, company, `credits` (issuing costs one in production; free in the partner environment), `paymentScheme` and `environment`.',
    auth: 'bearer',
    success: [{ status: 200, description: 'The account.', content: json(accountView, accountExample) }],
    errors: [],
  },
  {
    method: 'put',
    path: '/accounts/users/me/password',
    tag: 'Accounts',
    summary: 'Change the password',
    description: 'Revokes every access and refresh token and every portal session of the account.',
    auth: 'bearer',
    body: { schema: changePasswordInput, example: { oldPassword: 'correct horse', newPassword: 'battery staple' } },
    success: [{ status: 204, description: 'Changed.' }],
    errors: ['1.7', '3.1', '3.2', '3.7'],
  },
  {
    method: 'post',
    path: '/accounts/users/me/delegates',
    tag: 'Delegation',
    summary: 'Delegate a role on every document, present and future',
    description:
      'Another account (by e-mail or account number) acts in `role` on every document in which the caller holds that role, now and later, with the role’s rights: a delegate of SUBMITTER may issue, charged to the submitter. A delegatee named by an e-mail without an account is invited. Ended by DELETE; ending it also ends the delegations its delegatee made from it.',
    auth: 'bearer',
    body: { schema: delegateInput, example: { role: 'CARRIER', emailAddressOfDelegatee: 'dave@example.com' } },
    success: [
      {
        status: 201,
        description: 'Delegated.',
        headers: { Location: `/api/accounts/users/me/delegates/${DELEGATE_ID}` },
        content: json(createdDelegateResponse, { delegateId: DELEGATE_ID }),
      },
    ],
    errors: ['3.1', '3.9', '3.16', '3.38', '4.7', '3.2', '4.40', '3.4'],
  },
  {
    method: 'get',
    path: '/accounts/users/me/delegates',
    tag: 'Delegation',
    summary: 'The caller’s account-wide delegations',
    description:
      'The account-wide delegations the caller made (active ones), each with its `delegateId`, role and delegatee. Per-document delegations are listed in each document’s `ownDelegates`.',
    auth: 'bearer',
    success: [
      {
        status: 200,
        description: 'The delegations.',
        content: json(accountDelegatesResponse, { delegates: [{ ...delegateViewExample, roleId: null, freightDocumentId: null }] }),
      },
    ],
    errors: [],
  },
  {
    method: 'delete',
    path: '/accounts/users/me/delegates/{delegateId}',
    tag: 'Delegation',
    summary: 'End an account-wide delegation',
    description:
      'The delegatee loses the role on every document at once, and so do the delegations it made from this one. An id that is not one of the caller’s active account-wide delegations is `4.42`.',
    auth: 'bearer',
    parameterExamples: { delegateId: DELEGATE_ID },
    success: [{ status: 204, description: 'Ended.' }],
    errors: ['4.42'],
  },
  {
    method: 'get',
    path: '/heartbeat',
    tag: 'Operations',
    summary: 'Liveness and database reachability',
    description:
      'No authentication, for load balancers and health checks: 200 `UP` while the database answers within 2 s, else 503 `DOWN`. `buildVersion` is the running release.',
    auth: 'none',
    success: [
      { status: 200, description: 'Up.', content: json(heartbeatResponse, { status: 'UP', buildVersion: '0.1.0' }) },
      {
        status: 503,
        description: 'The database does not answer.',
        content: json(heartbeatDownResponse, {
          status: 'DOWN',
          buildVersion: '0.1.0',
          errors: [{ code: '5.0', description: 'The database is not reachable.' }],
        }),
      },
    ],
    errors: [],
  },
  {
    method: 'get',
    path: '/metrics',
    tag: 'Operations',
    summary: 'Prometheus metrics (only when METRICS_TOKEN is set; it is the bearer token)',
    description:
      'Request counts and durations per route pattern, job queue figures and idempotent replays, in the Prometheus text format. Without `METRICS_TOKEN` the path does not exist (`2.2`); with it, send it as `Authorization: Bearer …` (not an OAuth token).',
    auth: 'none',
    success: [
      {
        status: 200,
        description: 'Prometheus text format.',
        content: {
          'text/plain': {
            format: 'text',
            example: '# HELP http_requests_total Requests answered\nhttp_requests_total{method="GET",route="/api/heartbeat",status="200"} 12\n',
          },
        },
      },
    ],
    errors: ['2.2', '1.8', '1.11'],
  },
  {
    method: 'get',
    path: '/openapi.json',
    tag: 'Operations',
    summary: 'This OpenAPI 3.1 document (the reference page is /docs/api)',
    description:
      'Generated at start from the same zod schemas the endpoints validate with, so it cannot drift from them; public and cacheable. `/docs/api` renders it as HTML with the error-code table.',
    auth: 'none',
    success: [
      {
        status: 200,
        description: 'The document.',
        content: json(openApiDocumentResponse, {
          openapi: '3.1.0',
          info: { title: 'Freight Document Service', version: '0.1.0', description: 'REST API for electronic consignment notes (e-CMR). …' },
          servers: [{ url: '/api' }, { url: '/v1/api' }],
          tags: [{ name: 'Authentication', description: 'OAuth 2.0 tokens …' }],
          paths: {},
          webhooks: {},
          components: { schemas: {}, securitySchemes: {} },
        }),
      },
    ],
    errors: [],
  },
  {
    method: 'get',
    path: '/pgp/publickey',
    tag: 'PGP',
    summary: 'The public key that checks signed freight documents',
    description: 'Import it (`gpg --import`) and check a signed document with `gpg --verify`.',
    auth: 'none',
    success: [
      {
        status: 200,
        description: 'The armored OpenPGP public key.',
        content: { 'application/pgp-keys': { format: 'text', example: PUBLIC_KEY_EXAMPLE }, 'text/plain': { format: 'text', example: PUBLIC_KEY_EXAMPLE } },
      },
    ],
    errors: [],
  },
];
