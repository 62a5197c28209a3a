/**
 * The printed labels of the CMR consignment note. Paper CMR forms print every box label in the languages of the
 * countries the transport runs between; these are the wordings of the IRU model form in each language. They live
 * here and not in the portal's message catalogues: the PDF worker renders outside Next.js and next-intl, and a
 * PDF label is part of the legal form, not of the UI.
 */
export const PDF_LANGUAGES = ['en', 'de', 'fr', 'nl', 'pl'] as const;
export type PdfLanguage = (typeof PDF_LANGUAGES)[number];

/** The 24 numbered boxes of the CMR form, in order. */
export const CMR_BOXES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24] as const;
export type CmrBox = (typeof CMR_BOXES)[number];

/** Labels outside the numbered boxes: headings, the approvals table, the footer. */
export interface CmrTexts {
  title: string;
  serviceNumber: string;
  status: string;
  verify: string;
  licensePlates: string;
  approvals: string;
  comments: string;
  action: string;
  approvalType: string;
  who: string;
  when: string;
  where: string;
  signature: string;
  page: string;
  none: string;
  declined: string;
  estimated: string;
  /** Contract §14: reservations, cash on delivery, replacement by paper, the procedures. */
  noReservations: string;
  acceptedBy: string;
  notAccepted: string;
  afterDelivery: string;
  late: string;
  /** Reservations withdrawn by their author before the counter party's approval: listed in the annex only. */
  withdrawnReservations: string;
  withdrawnBy: string;
  holidays: string;
  cashNotRecorded: string;
  cashCollected: string;
  cashNotCollected: string;
  instructions: string;
  impediments: string;
  replacedByPaper: string;
  procedures: string;
}

export interface CmrLabels {
  boxes: Record<CmrBox, string>;
  texts: CmrTexts;
}

const en: CmrLabels = {
  boxes: {
    1: 'Sender (name, address, country)',
    2: 'Consignee (name, address, country)',
    3: 'Place of delivery of the goods',
    4: 'Place and date of taking over the goods',
    5: 'Documents attached',
    6: 'Marks and Nos',
    7: 'Number of packages',
    8: 'Method of packing',
    9: 'Nature of the goods',
    10: 'Statistical number',
    11: 'Gross weight in kg',
    12: 'Volume in m³',
    13: "Sender's instructions",
    14: 'Instructions as to payment for carriage',
    15: 'Cash on delivery',
    16: 'Carrier (name, address, country)',
    17: 'Successive carriers',
    18: "Carrier's reservations and observations",
    19: 'Special agreements',
    20: 'To be paid by',
    21: 'Established in / on',
    22: 'Signature and stamp of the sender',
    23: 'Signature and stamp of the carrier',
    24: 'Goods received',
  },
  texts: {
    title: 'International consignment note',
    serviceNumber: 'Service number',
    status: 'Status',
    verify: 'Verify this document',
    licensePlates: 'Licence plates',
    approvals: 'Approvals',
    comments: 'Comments',
    action: 'Transfer',
    approvalType: 'Type',
    who: 'Who',
    when: 'When',
    where: 'Where',
    signature: 'Signature',
    page: 'Page',
    none: 'none',
    declined: 'declined',
    estimated: 'estimated',
    noReservations: 'No reservations',
    acceptedBy: 'accepted by',
    notAccepted: 'not accepted',
    afterDelivery: 'Reservations after delivery (CMR art. 30)',
    late: 'after the time limit',
    withdrawnReservations: 'Withdrawn reservations',
    withdrawnBy: 'withdrawn by',
    holidays: 'Time limits count Sundays out; public holidays are not modelled.',
    cashNotRecorded: 'cash on delivery not recorded',
    cashCollected: 'collected',
    cashNotCollected: 'not collected',
    instructions: 'Instructions (CMR art. 12)',
    impediments: 'Impediments (CMR art. 14, 15)',
    replacedByPaper: 'Replaced by a paper consignment note on',
    procedures: 'Procedures',
  },
};

const de: CmrLabels = {
  boxes: {
    1: 'Absender (Name, Anschrift, Land)',
    2: 'Empfänger (Name, Anschrift, Land)',
    3: 'Auslieferungsort des Gutes',
    4: 'Ort und Tag der Übernahme des Gutes',
    5: 'Beigefügte Dokumente',
    6: 'Kennzeichen und Nummern',
    7: 'Anzahl der Packstücke',
    8: 'Art der Verpackung',
    9: 'Bezeichnung des Gutes',
    10: 'Statistische Nummer',
    11: 'Bruttogewicht in kg',
    12: 'Umfang in m³',
    13: 'Anweisungen des Absenders',
    14: 'Frachtzahlungsanweisungen',
    15: 'Rückerstattung (Nachnahme)',
    16: 'Frachtführer (Name, Anschrift, Land)',
    17: 'Nachfolgende Frachtführer',
    18: 'Vorbehalte und Bemerkungen der Frachtführer',
    19: 'Besondere Vereinbarungen',
    20: 'Zu zahlen vom',
    21: 'Ausgefertigt in / am',
    22: 'Unterschrift und Stempel des Absenders',
    23: 'Unterschrift und Stempel des Frachtführers',
    24: 'Gut empfangen',
  },
  texts: {
    title: 'Internationaler Frachtbrief',
    serviceNumber: 'Servicenummer',
    status: 'Status',
    verify: 'Dokument prüfen',
    licensePlates: 'Kennzeichen',
    approvals: 'Bestätigungen',
    comments: 'Kommentare',
    action: 'Übergabe',
    approvalType: 'Art',
    who: 'Wer',
    when: 'Wann',
    where: 'Wo',
    signature: 'Unterschrift',
    page: 'Seite',
    none: 'keine',
    declined: 'abgelehnt',
    estimated: 'voraussichtlich',
    noReservations: 'Keine Vorbehalte',
    acceptedBy: 'angenommen von',
    notAccepted: 'nicht angenommen',
    afterDelivery: 'Vorbehalte nach der Ablieferung (CMR Art. 30)',
    late: 'nach Fristablauf',
    withdrawnReservations: 'Zurückgezogene Vorbehalte',
    withdrawnBy: 'zurückgezogen von',
    holidays: 'Fristen zählen ohne Sonntage; Feiertage sind nicht berücksichtigt.',
    cashNotRecorded: 'Nachnahme nicht erfasst',
    cashCollected: 'eingezogen',
    cashNotCollected: 'nicht eingezogen',
    instructions: 'Weisungen (CMR Art. 12)',
    impediments: 'Hindernisse (CMR Art. 14, 15)',
    replacedByPaper: 'Ersetzt durch einen Papierfrachtbrief am',
    procedures: 'Verfahren',
  },
};

const fr: CmrLabels = {
  boxes: {
    1: 'Expéditeur (nom, adresse, pays)',
    2: 'Destinataire (nom, adresse, pays)',
    3: 'Lieu prévu pour la livraison de la marchandise',
    4: 'Lieu et date de la prise en charge de la marchandise',
    5: 'Documents annexés',
    6: 'Marques et numéros',
    7: 'Nombre des colis',
    8: "Mode d'emballage",
    9: 'Nature de la marchandise',
    10: 'No statistique',
    11: 'Poids brut, kg',
    12: 'Cubage m³',
    13: "Instructions de l'expéditeur",
    14: "Prescriptions d'affranchissement",
    15: 'Remboursement',
    16: 'Transporteur (nom, adresse, pays)',
    17: 'Transporteurs successifs',
    18: 'Réserves et observations du transporteur',
    19: 'Conventions particulières',
    20: 'À payer par',
    21: 'Établie à / le',
    22: "Signature et timbre de l'expéditeur",
    23: 'Signature et timbre du transporteur',
    24: 'Marchandises reçues',
  },
  texts: {
    title: 'Lettre de voiture internationale',
    serviceNumber: 'Numéro de service',
    status: 'Statut',
    verify: 'Vérifier ce document',
    licensePlates: "Plaques d'immatriculation",
    approvals: 'Approbations',
    comments: 'Commentaires',
    action: 'Remise',
    approvalType: 'Type',
    who: 'Qui',
    when: 'Quand',
    where: 'Où',
    signature: 'Signature',
    page: 'Page',
    none: 'aucun',
    declined: 'refusé',
    estimated: 'prévu',
    noReservations: 'Aucune réserve',
    acceptedBy: 'acceptées par',
    notAccepted: 'non acceptées',
    afterDelivery: 'Réserves après livraison (CMR art. 30)',
    late: 'hors délai',
    withdrawnReservations: 'Réserves retirées',
    withdrawnBy: 'retirée par',
    holidays: 'Les délais ne comptent pas les dimanches ; les jours fériés ne sont pas pris en compte.',
    cashNotRecorded: 'remboursement non enregistré',
    cashCollected: 'encaissé',
    cashNotCollected: 'non encaissé',
    instructions: 'Instructions (CMR art. 12)',
    impediments: 'Empêchements (CMR art. 14, 15)',
    replacedByPaper: 'Remplacée par une lettre de voiture papier le',
    procedures: 'Procédures',
  },
};

const nl: CmrLabels = {
  boxes: {
    1: 'Afzender (naam, adres, land)',
    2: 'Geadresseerde (naam, adres, land)',
    3: 'Plaats bestemd voor de aflevering der goederen',
    4: 'Plaats en datum van inontvangstneming der goederen',
    5: 'Bijgevoegde documenten',
    6: 'Merken en nummers',
    7: 'Aantal colli',
    8: 'Wijze van verpakking',
    9: 'Aard der goederen',
    10: 'Statistisch nummer',
    11: 'Bruto gewicht in kg',
    12: 'Volume in m³',
    13: 'Instructies van de afzender',
    14: 'Bepalingen betreffende de betaling van de vracht',
    15: 'Terugbetaling',
    16: 'Vervoerder (naam, adres, land)',
    17: 'Opvolgende vervoerders',
    18: 'Voorbehoud en opmerkingen van de vervoerder',
    19: 'Speciale overeenkomsten',
    20: 'Te betalen door',
    21: 'Opgemaakt te / op',
    22: 'Handtekening en stempel van de afzender',
    23: 'Handtekening en stempel van de vervoerder',
    24: 'Goederen ontvangen',
  },
  texts: {
    title: 'Internationale vrachtbrief',
    serviceNumber: 'Servicenummer',
    status: 'Status',
    verify: 'Dit document controleren',
    licensePlates: 'Kentekens',
    approvals: 'Goedkeuringen',
    comments: 'Opmerkingen',
    action: 'Overdracht',
    approvalType: 'Soort',
    who: 'Wie',
    when: 'Wanneer',
    where: 'Waar',
    signature: 'Handtekening',
    page: 'Pagina',
    none: 'geen',
    declined: 'geweigerd',
    estimated: 'verwacht',
    noReservations: 'Geen voorbehouden',
    acceptedBy: 'aanvaard door',
    notAccepted: 'niet aanvaard',
    afterDelivery: 'Voorbehouden na aflevering (CMR art. 30)',
    late: 'na de termijn',
    withdrawnReservations: 'Ingetrokken voorbehouden',
    withdrawnBy: 'ingetrokken door',
    holidays: 'Termijnen tellen zonder zondagen; feestdagen zijn niet meegenomen.',
    cashNotRecorded: 'rembours niet vastgelegd',
    cashCollected: 'geïnd',
    cashNotCollected: 'niet geïnd',
    instructions: 'Instructies (CMR art. 12)',
    impediments: 'Belemmeringen (CMR art. 14, 15)',
    replacedByPaper: 'Vervangen door een papieren vrachtbrief op',
    procedures: 'Procedures',
  },
};

const pl: CmrLabels = {
  boxes: {
    1: 'Nadawca (nazwisko lub nazwa, adres, kraj)',
    2: 'Odbiorca (nazwisko lub nazwa, adres, kraj)',
    3: 'Miejsce przeznaczenia',
    4: 'Miejsce i data załadowania',
    5: 'Załączone dokumenty',
    6: 'Cechy i numery',
    7: 'Ilość sztuk',
    8: 'Sposób opakowania',
    9: 'Rodzaj towaru',
    10: 'Numer statystyczny',
    11: 'Waga brutto w kg',
    12: 'Objętość w m³',
    13: 'Instrukcje nadawcy',
    14: 'Postanowienia odnośnie przewoźnego',
    15: 'Zapłata za przesyłkę (pobranie)',
    16: 'Przewoźnik (nazwisko lub nazwa, adres, kraj)',
    17: 'Kolejni przewoźnicy',
    18: 'Zastrzeżenia i uwagi przewoźnika',
    19: 'Postanowienia specjalne',
    20: 'Do zapłacenia przez',
    21: 'Wystawiono w / dnia',
    22: 'Podpis i stempel nadawcy',
    23: 'Podpis i stempel przewoźnika',
    24: 'Przesyłkę otrzymano',
  },
  texts: {
    title: 'Międzynarodowy list przewozowy',
    serviceNumber: 'Numer usługi',
    status: 'Status',
    verify: 'Sprawdź ten dokument',
    licensePlates: 'Numery rejestracyjne',
    approvals: 'Potwierdzenia',
    comments: 'Komentarze',
    action: 'Przekazanie',
    approvalType: 'Rodzaj',
    who: 'Kto',
    when: 'Kiedy',
    where: 'Gdzie',
    signature: 'Podpis',
    page: 'Strona',
    none: 'brak',
    declined: 'odrzucono',
    estimated: 'przewidywany',
    noReservations: 'Brak zastrzeżeń',
    acceptedBy: 'przyjęte przez',
    notAccepted: 'nieprzyjęte',
    afterDelivery: 'Zastrzeżenia po dostawie (CMR art. 30)',
    late: 'po terminie',
    withdrawnReservations: 'Wycofane zastrzeżenia',
    withdrawnBy: 'wycofane przez',
    holidays: 'Terminy liczone bez niedziel; święta nie są uwzględniane.',
    cashNotRecorded: 'pobranie nie zarejestrowane',
    cashCollected: 'pobrane',
    cashNotCollected: 'niepobrane',
    instructions: 'Polecenia (CMR art. 12)',
    impediments: 'Przeszkody (CMR art. 14, 15)',
    replacedByPaper: 'Zastąpiony papierowym listem przewozowym dnia',
    procedures: 'Procedury',
  },
};

export const CMR_LABELS: Record<PdfLanguage, CmrLabels> = { en, de, fr, nl, pl };

/** The printed watermark of the partner (test) environment (contract §9), the same words in every language. */
export const PARTNER_WATERMARK = 'PARTNER ENVIRONMENT – NOT LEGALLY VALID';
