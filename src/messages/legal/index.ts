import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import nl from './nl.json';
import pl from './pl.json';

/** The CMR's legal events (contract §14): portal, tablet, confirmation screens and the sender's receipt. */
export const legal = { en, de, fr, nl, pl };
