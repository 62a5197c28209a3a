import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import nl from './nl.json';
import pl from './pl.json';

/** The eFTI platform interface (contract §15): readiness in the parties' words, the authority view, follow-up mail. */
export const efti = { en, de, fr, nl, pl };
