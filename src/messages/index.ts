import type { Locale } from '@/lib/i18n/locales';
import { apidocs } from './apidocs';
import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import nl from './nl.json';
import pl from './pl.json';
import { delegation } from './delegation';
import { tablet } from './tablet';
import { handover } from './handover';
import { offline } from './offline';
import { pdf } from './pdf';
import portal from './portal';
import { procedures } from './procedures';
import { security } from './security';
import { legal } from './legal';
import { efti } from './efti';

/**
 * A feature area (tablet, webhooks, PDF labels…) keeps its messages in `src/messages/<area>/{locale}.json` with its
 * own top-level namespace and an `index.ts` exporting `{ en, de, fr, nl, pl }`; list it in AREAS. Separate files
 * let features be built side by side without editing one shared catalogue.
 */
type AreaCatalogues = { [L in Locale]: object };
const AREAS = [delegation, tablet, pdf, apidocs, portal, handover, procedures, security, legal, offline, efti] as const satisfies readonly AreaCatalogues[];

type UnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (arg: infer I) => void ? I : never;
type AreaMessages = [(typeof AREAS)[number]] extends [never] ? unknown : UnionToIntersection<(typeof AREAS)[number]['en']>;
export type Messages = typeof en & AreaMessages;

function withAreas(locale: Locale, core: typeof en): Messages {
  return Object.assign({}, core, ...AREAS.map((area: AreaCatalogues) => area[locale])) as Messages;
}

/** Every catalogue, for the server (pages and e-mails); the browser gets only its own language's. */
export const MESSAGES: Record<Locale, Messages> = {
  en: withAreas('en', en),
  de: withAreas('de', de),
  fr: withAreas('fr', fr),
  nl: withAreas('nl', nl),
  pl: withAreas('pl', pl),
};
