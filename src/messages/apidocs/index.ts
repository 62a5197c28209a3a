import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import nl from './nl.json';
import pl from './pl.json';

/** The API reference page (/docs/api). */
export const apidocs = { en, de, fr, nl, pl };
