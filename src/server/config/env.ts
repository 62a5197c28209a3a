import 'server-only';
import { readConfiguration, type AppConfig } from './env-schema';

export { APP_SECRET_MIN_LENGTH, blobStoreProblem, eftiSettings, type AppConfig, type EftiSettings } from './env-schema';

let cached: AppConfig | undefined;

export function getConfig(): AppConfig {
  if (cached) return cached;
  // The settings and their messages live in env-schema.ts, which the preflight reads before the build as well.
  const read = readConfiguration(process.env);
  if (!read.ok) throw new Error(read.problem);
  cached = read.config;
  return cached;
}

/** The externally visible root of the service, for links in e-mails and redirects. */
export function publicUrl(config: Pick<AppConfig, 'PUBLIC_URL' | 'PORT'> = getConfig()): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}
