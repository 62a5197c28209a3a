import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import nl from './nl.json';
import pl from './pl.json';

/** The PDF actions, the verification page and the document's accesses (issue 11). */
export const pdf = { en, de, fr, nl, pl };
