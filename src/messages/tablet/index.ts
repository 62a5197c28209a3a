import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import nl from './nl.json';
import pl from './pl.json';

/** The carrier tablet's and the counter party's phone page's messages (issue 9 part 4). */
export const tablet = { en, de, fr, nl, pl };
