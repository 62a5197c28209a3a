import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import nl from './nl.json';
import pl from './pl.json';

/** The offline-first tablet's messages (issue 21): the offline banner, the outbox badge, "as of", codes offline. */
export const offline = { en, de, fr, nl, pl };
