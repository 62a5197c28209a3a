/**
 * E-mails are written from the portal's catalogues in the recipient's language (src/server/mail/templates.ts).
 */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/lib/i18n/locales';
import { MISSING_MESSAGE_MARKER } from '@/lib/i18n/config';
import { activationMail, delegatedToYouMail, legalEventMail, namedInDocumentMail } from '@/server/mail/templates';

const activation = (locale: (typeof LOCALES)[number]) =>
  activationMail({ locale, to: 'ann@example.test', name: 'Ann <Boss>', activationUrl: 'https://fds.example/api/accounts/activation/abc', validHours: 72 });

const namedInput = {
  locale: 'en' as const,
  to: 'bob@example.test',
  roles: ['CONSIGNEE', 'CARRIER'],
  serviceNumber: '000000000123',
  sender: { accountNumber: '1234567', partyName: 'Acme & Co' },
  documentUrl: 'https://fds.example/documents/d1',
};
const named = (locale: (typeof LOCALES)[number], signupUrl?: string) => namedInDocumentMail({ ...namedInput, locale, signupUrl });

const delegated = (locale: (typeof LOCALES)[number], perDocument: boolean, grantorName: string | null = 'Acme & Co') =>
  delegatedToYouMail({
    locale,
    to: 'cat@example.test',
    grantorName: grantorName ?? undefined,
    role: 'CARRIER',
    document: perDocument ? { serviceNumber: '000000000123', url: 'https://fds.example/documents/d1' } : undefined,
    portalUrl: 'https://fds.example/documents',
  });

describe('e-mail templates', () => {
  it.each(LOCALES)('%s: every part is translated, with the link, the hours and escaped HTML', (locale) => {
    const all = [activation(locale), named(locale), named(locale, 'https://fds.example/signup?email=bob'), delegated(locale, true), delegated(locale, false)];
    for (const mail of [...all, delegated(locale, false, null)]) {
      for (const part of [mail.subject, mail.text, mail.html!]) expect(part).not.toContain(MISSING_MESSAGE_MARKER);
    }
    const mail = activation(locale);
    expect(mail.text).toContain('https://fds.example/api/accounts/activation/abc');
    expect(mail.text).toContain('72');
    expect(mail.html).toContain('Ann &lt;Boss&gt;');
    expect(mail.html).not.toContain('<Boss>');
    expect(named(locale).html).toContain('Acme &amp; Co');
    expect(delegated(locale, true).html).toContain('Acme &amp; Co');
    expect(delegated(locale, true).text).toContain('https://fds.example/documents/d1');
    expect(delegated(locale, false).text).toContain('https://fds.example/documents');
  });

  it('to an address without an account: the sender’s party in the document and its account number, never its account name (contract §1)', () => {
    const stranger = (sender: { accountNumber: string; partyName: string; partyInDocument: boolean }) =>
      namedInDocumentMail({ ...namedInput, sender, signupUrl: 'https://fds.example/signup?email=bob' });
    const asParty = stranger({ accountNumber: '1234567', partyName: 'Acme & Co', partyInDocument: true });
    expect(asParty.text).toContain('Acme & Co');
    expect(asParty.text).toContain('1234567');
    // A submitter holding no party of the document: its account name is free text it chose, so the account number only.
    const byAccountName = stranger({ accountNumber: '1234567', partyName: 'Claim your refund at https://evil.example', partyInDocument: false });
    for (const part of [byAccountName.subject, byAccountName.text, byAccountName.html!]) expect(part).not.toContain('evil.example');
    expect(byAccountName.text).toContain('1234567');
  });

  it('tells a delegatee what they received, per document or for every document of the role', () => {
    // English reads as it did before the catalogues (the integration tests match these texts).
    expect(delegated('en', true).subject).toBe('Freight document 000000000123: you act as carrier');
    expect(delegated('en', true).text).toContain('Acme & Co delegated the role of carrier to you on freight document 000000000123.');
    expect(delegated('en', false).subject).toBe('You act as carrier for Acme & Co');
    expect(delegated('en', false).text).toContain('on every freight document, present and future, in which Acme & Co holds that role');
    expect(delegated('en', false, null).subject).toBe('You act as carrier for An account holder');
    expect(delegated('de', true).subject).toBe('Frachtbrief 000000000123: Sie handeln als Frachtführer');
    expect(delegated('de', false).text).toContain('Acme & Co hat Ihnen die Rolle „Frachtführer“ für alle heutigen und künftigen Frachtbriefe übertragen');
    expect(delegated('pl', true).text).toContain('przewoźnik');
  });

  it('writes each language with its own CMR terms', () => {
    expect(activation('en').subject).toBe('Activate your Freight Document Service account');
    expect(activation('de').subject).toBe('Aktivieren Sie Ihr Konto beim Freight Document Service');
    expect(activation('de').text).toContain('72 Stunden');
    expect(named('en').subject).toBe('Freight document 000000000123: you are named as consignee, carrier');
    // Role lists are joined the way each language joins them ("Empfänger und Frachtführer").
    const terms = {
      de: ['Empfänger', 'Frachtführer'],
      fr: ['destinataire', 'transporteur'],
      nl: ['geadresseerde', 'vervoerder'],
      pl: ['odbiorca', 'przewoźnik'],
    };
    for (const [locale, [consignee, carrier]] of Object.entries(terms) as [keyof typeof terms, string[]][]) {
      expect(named(locale).subject).toContain(consignee);
      expect(named(locale).subject).toContain(carrier);
      expect(named(locale).text).toContain(consignee);
    }
  });

  it.each(LOCALES)(
    '%s: names the sender by party name and account number, and to an address without an account by the number only (contract §1, issue 32)',
    (locale) => {
      const known = named(locale);
      expect(known.text).toContain('Acme & Co');
      expect(known.text).toContain('1234567');
      const stranger = named(locale, 'https://fds.example/signup?email=bob');
      for (const part of [stranger.subject, stranger.text, stranger.html!]) expect(part).not.toContain('Acme');
      expect(stranger.text).toContain('1234567');
      expect(stranger.text).toContain('Freight Document Service');
      expect(stranger.text).toContain('000000000123');
    },
  );

  it.each(LOCALES)('%s: a legal-event mail names its sender by party name and account number (contract §1)', (locale) => {
    const mail = legalEventMail({
      locale,
      to: 'ann@example.test',
      event: 'IMPEDIMENT',
      serviceNumber: '000000000123',
      documentUrl: 'https://fds.example/documents/d1',
      sender: { accountNumber: '7654321', partyName: 'Fast <Trucks>' },
    });
    expect(mail.text).toContain('Fast <Trucks>');
    expect(mail.text).toContain('7654321');
    expect(mail.html).toContain('Fast &lt;Trucks&gt;');
    for (const part of [mail.subject, mail.text, mail.html!]) expect(part).not.toContain(MISSING_MESSAGE_MARKER);
  });

  it('invites a person without an account with a link to sign up, in the HTML as a link', () => {
    const mail = named('nl', 'https://fds.example/signup?email=bob');
    expect(mail.text).toContain('https://fds.example/signup?email=bob');
    expect(mail.html).toMatch(/<a href="https:\/\/fds\.example\/signup\?email=bob">Maak er een aan met dit e-mailadres<\/a>/);
  });

  it.each(LOCALES)('%s: links a counter party straight to its approval and to the phone’s code page, in the text and as links (issues 19, 31)', (locale) => {
    const mail = namedInDocumentMail({
      locale,
      to: 'ann@example.test',
      roles: ['CONSIGNOR'],
      serviceNumber: '000000000123',
      sender: { accountNumber: '1234567', partyName: 'Acme' },
      documentUrl: 'https://fds.example/documents/d1',
      approve: { action: 'COLLECTION', url: 'https://fds.example/documents/d1/approve', respondUrl: 'https://fds.example/respond' },
    });
    expect(mail.text).toContain('\nhttps://fds.example/documents/d1/approve');
    expect(mail.html).toContain('<a href="https://fds.example/documents/d1/approve">');
    expect(mail.text).toContain('\nhttps://fds.example/respond');
    expect(mail.html).toContain('<a href="https://fds.example/respond">');
    for (const part of [mail.text, mail.html!]) expect(part).not.toContain(MISSING_MESSAGE_MARKER);
    expect(named(locale).text).not.toContain('/approve');
    expect(named(locale).text).not.toContain('/respond');
  });
});
