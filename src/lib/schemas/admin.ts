import { z } from 'zod';

/** The admin command's verbs (contract §12), shared by the CLI and the server's loopback admin endpoint. */
export const adminCommand = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('client:create'),
    name: z.string().min(1, '3.1'),
    integration: z.boolean().default(false),
    implicit: z.boolean().default(false),
    redirectUris: z.array(z.string()).default([]),
  }),
  z.object({ command: z.literal('credits:add'), accountNumber: z.string(), amount: z.coerce.number() }),
  z.object({ command: z.literal('account:activate'), email: z.string() }),
  /** One batch of the move of attachment bytes into the blob store (issue 37); the command line runs batches until done. */
  z.object({
    command: z.literal('blobs:migrate'),
    batchSize: z.coerce.number().int().min(1, '3.9').max(1000, '3.9').default(50),
    afterId: z.string().optional(),
  }),
]);
export type AdminCommand = z.input<typeof adminCommand>;
