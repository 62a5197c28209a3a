import { defineConfig } from 'drizzle-kit';

// `drizzle-kit generate` needs no database; migrations are committed and applied at server start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
});
