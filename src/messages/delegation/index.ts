import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import nl from './nl.json';
import pl from './pl.json';

/** Delegation and webhook screens (issue 10): the `delegation` namespace in five languages. */
export const delegation = { en, de, fr, nl, pl };
