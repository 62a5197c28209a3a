import { Text, View } from '@react-pdf/renderer';
import { CMR_LABELS, type PdfLanguage } from '@/lib/pdf/cmr-labels';
import { legal } from '@/messages/legal';
import type { FreightDocumentContent } from '@/lib/schemas/freight-document-response';
import { Lines, multilingual } from './box';
import { zoneOfCountry } from '@/lib/i18n/local-time';
import { dateTime, joined, money, pdfZones, serverZone, words, type PdfZones } from './format';
import { styles } from './styles';

type Stage = 'TAKING_OVER' | 'CARRIER_TO_CARRIER' | 'DELIVERY' | 'AFTER_DELIVERY' | 'DELAY';

/**
 * A legal event's kind in words of the PDF's language, as the portal names it (issue 34: no raw codes on paper); a kind
 * the catalogue does not know yet is printed as its code in words.
 */
function kindName(language: PdfLanguage, group: 'reservationKind' | 'instructionKind' | 'impedimentKind', code: string): string {
  return (legal[language].legal[group] as Record<string, string>)[code] ?? words(code);
}

/**
 * The zone a reservation's times print in (issue 34 item 5: page 2 in the same local time as page 1): taking over in
 * the place of taking over's; delivery, after delivery and delay in the place of delivery's (they are about the
 * delivery, and their time limits count there); between carriers, at no known place, in the server's zone.
 */
function stageZone(zones: PdfZones, stage: Stage): string {
  return stage === 'TAKING_OVER' ? zones.COLLECTION : stage === 'CARRIER_TO_CARRIER' ? zones.CARRIER_TO_CARRIER : zones.DELIVERY;
}

/**
 * Instructions and impediments have no place of their own: they concern the delivery (CMR art. 12, 14, 15), so they
 * print in the place of delivery's zone, as page 1's delivery; else the place of taking over's; else the server's.
 */
export function annexZone(document: Pick<FreightDocumentContent, 'placeOfTakingOver' | 'placeOfDelivery'>): string {
  return zoneOfCountry(document.placeOfDelivery?.countryCode) ?? zoneOfCountry(document.placeOfTakingOver?.countryCode) ?? serverZone();
}

/**
 * The reservations of `stages` as box lines (contract §14): kind, text, who wrote them and when, and whether a
 * counter party accepted them by its approval ("accepted by … at …" or "not accepted"); "No reservations" when none.
 */
export function reservationLines(document: FreightDocumentContent, stages: readonly Stage[], language: PdfLanguage): string[] {
  const texts = CMR_LABELS[language].texts;
  const approvals = document.approvals ?? [];
  const zones = pdfZones(document);
  const zoneOf = (stage: Stage) => stageZone(zones, stage);
  // A withdrawn reservation is no reservation of the box (contract §14): the annex lists it as withdrawn.
  const reservations = (document.comments ?? []).filter(
    (comment) => comment.reservation && !comment.reservation.withdrawn && stages.includes(comment.reservation.stage),
  );
  if (reservations.length === 0) return [texts.noReservations];
  return reservations.map((comment) => {
    const acceptance = approvals.find((approval) => approval.acceptedReservations.includes(comment.commentId));
    const accepted = acceptance
      ? `${texts.acceptedBy} ${acceptance.signedOnGlassBy?.name || acceptance.account?.name || words(acceptance.role)} ${dateTime(acceptance.createDateTimeServer, zones[acceptance.action])}`
      : ['TAKING_OVER', 'CARRIER_TO_CARRIER', 'DELIVERY'].includes(comment.reservation!.stage)
        ? texts.notAccepted
        : comment.reservation!.withinTimeLimit
          ? undefined
          : texts.late;
    return joined(
      `${kindName(language, 'reservationKind', comment.reservation!.kind)}:`,
      comment.text ?? '',
      // One the counter party added on the hand-over page is theirs (contract §7): the signer's name, not the driver's.
      `(${comment.reservation!.recordedFor?.name ?? comment.creatorName ?? words(comment.creatorRole)}, ${dateTime(comment.createDateTimeClient ?? comment.createDateTimeServer, zoneOf(comment.reservation!.stage))})`,
      accepted ? `– ${accepted}` : undefined,
    );
  });
}

/** Box 15's cash-on-delivery line (CMR art. 21): what the carrier recorded, or that it recorded nothing. */
export function cashOnDeliveryLine(document: FreightDocumentContent, language: PdfLanguage): string | undefined {
  if (!document.reimbursementAmount) return undefined;
  const texts = CMR_LABELS[language].texts;
  const cash = document.cashOnDelivery;
  if (!cash) return document.status === 'DELIVERED' ? texts.cashNotRecorded : undefined;
  return joined(
    cash.collected ? texts.cashCollected : texts.cashNotCollected,
    money(cash.amount, cash.currency ?? document.reimbursementCurrency, language),
    cash.reference,
    dateTime(cash.createDateTimeServer, pdfZones(document).DELIVERY),
  );
}

/** The reservations their authors withdrew (contract §14): what they said, and who withdrew them when. */
export function withdrawnReservationLines(document: FreightDocumentContent, language: PdfLanguage): string[] {
  const texts = CMR_LABELS[language].texts;
  const zones = pdfZones(document);
  return (document.comments ?? []).flatMap((comment) => {
    const withdrawn = comment.reservation?.withdrawn;
    if (!withdrawn) return [];
    const zone = stageZone(zones, comment.reservation!.stage);
    return [
      joined(
        `${kindName(language, 'reservationKind', comment.reservation!.kind)}:`,
        comment.text ?? '',
        // One the counter party added on the hand-over page is theirs (contract §7): the signer's name, not the driver's.
        `(${comment.reservation!.recordedFor?.name ?? comment.creatorName ?? words(comment.creatorRole)}, ${dateTime(comment.createDateTimeServer, zone)})`,
        `– ${texts.withdrawnBy} ${withdrawn.by.name ?? ''} ${dateTime(withdrawn.at, zone)}`,
      ),
    ];
  });
}

/** The annex: after-delivery reservations, withdrawn reservations, instructions and their answers, impediments (contract §14). */
export function LegalEventsAnnex({ document, languages }: { document: FreightDocumentContent; languages: PdfLanguage[] }) {
  const language = languages[0]!;
  const afterDelivery = (document.comments ?? []).some(
    (comment) => !comment.reservation?.withdrawn && (comment.reservation?.stage === 'AFTER_DELIVERY' || comment.reservation?.stage === 'DELAY'),
  );
  const withdrawn = withdrawnReservationLines(document, language);
  const zone = annexZone(document);
  const instructions = (document.instructions ?? []).map((instruction) =>
    joined(
      `${kindName(language, 'instructionKind', instruction.kind)}:`,
      instruction.text,
      `(${instruction.givenBy.name ?? words(instruction.givenBy.role)}, ${dateTime(instruction.createDateTimeServer, zone)})`,
      instruction.response
        ? `– ${instruction.response.accepted ? '✓' : '✗'} ${instruction.response.reason ?? ''} (${instruction.response.answeredBy.name ?? ''}, ${dateTime(instruction.response.createDateTimeServer, zone)})`
        : undefined,
    ),
  );
  const impediments = (document.impediments ?? []).map((impediment) =>
    joined(
      `${kindName(language, 'impedimentKind', impediment.kind)}:`,
      impediment.text,
      `(${impediment.reportedBy.name ?? ''}, ${dateTime(impediment.createDateTimeServer, zone)})`,
    ),
  );
  return (
    <View>
      {afterDelivery ? (
        <>
          <Text style={styles.sectionTitle}>{multilingual(languages, 'afterDelivery')}</Text>
          <Lines lines={[...reservationLines(document, ['AFTER_DELIVERY', 'DELAY'], language), CMR_LABELS[language].texts.holidays]} />
        </>
      ) : null}
      {withdrawn.length ? (
        <>
          <Text style={styles.sectionTitle}>{multilingual(languages, 'withdrawnReservations')}</Text>
          <Lines lines={withdrawn} />
        </>
      ) : null}
      {instructions.length ? (
        <>
          <Text style={styles.sectionTitle}>{multilingual(languages, 'instructions')}</Text>
          <Lines lines={instructions} />
        </>
      ) : null}
      {impediments.length ? (
        <>
          <Text style={styles.sectionTitle}>{multilingual(languages, 'impediments')}</Text>
          <Lines lines={impediments} />
        </>
      ) : null}
    </View>
  );
}
