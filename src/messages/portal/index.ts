import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import nl from './nl.json';
import pl from './pl.json';

/** The portal's own screens of issue 12: dashboard, search, drafting help, issuing with care, the edges. */
export default { en, de, fr, nl, pl };
