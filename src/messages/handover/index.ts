import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import nl from './nl.json';
import pl from './pl.json';

/** The hand-over link (contract §7): the counter party's public page and the tablet's QR panel and result. */
export const handover = { en, de, fr, nl, pl };
