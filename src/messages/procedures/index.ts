import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import nl from './nl.json';
import pl from './pl.json';

/** The procedures statement's page (contract §14, `/procedures`). */
export const procedures = { en, de, fr, nl, pl };
