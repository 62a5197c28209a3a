import type { Locale } from '@/lib/i18n/locales';
import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import nl from './nl.json';
import pl from './pl.json';

/** Every catalogue, for the server (pages and e-mails); the browser gets only its own language's. */
export const MESSAGES: Record<Locale, typeof en> = { en, de, fr, nl, pl };
