import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import nl from './nl.json';
import pl from './pl.json';

/** Security notices by e-mail (issue 20): the `securityMail` namespace in five languages. */
export const security = { en, de, fr, nl, pl };
