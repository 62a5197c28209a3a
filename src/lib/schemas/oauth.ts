import { z } from 'zod';

/** Query of GET /oauth/authorize, also carried through the login and consent pages. */
export const authorizationRequest = z.object({
  response_type: z.string().optional(),
  client_id: z.string().optional(),
  redirect_uri: z.string().optional(),
  scope: z.string().optional(),
  state: z.string().max(2000).optional(),
  prompt: z.string().optional(),
  access_type: z.string().optional(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
});
export type AuthorizationRequest = z.infer<typeof authorizationRequest>;

export const createClientInput = z.object({
  name: z.string().trim().min(1, '3.1').max(255, '3.2'),
  integration: z.boolean().default(false),
  implicit: z.boolean().default(false),
  redirectUris: z.array(z.url('3.17')).default([]),
});
export type CreateClientInput = z.input<typeof createClientInput>;
