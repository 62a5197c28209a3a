import type { OutgoingMail } from './queue-mail';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function activationMail(input: { to: string; name: string; activationUrl: string; validHours: number }): OutgoingMail {
  const text = [
    `Hello ${input.name},`,
    '',
    'Welcome to the Freight Document Service. Please activate your account by opening this link:',
    '',
    input.activationUrl,
    '',
    `The link is valid for ${input.validHours} hours. If you did not create this account, ignore this e-mail.`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(input.name)},</p>
<p>Welcome to the Freight Document Service. Please activate your account:</p>
<p><a href="${escapeHtml(input.activationUrl)}">Activate my account</a></p>
<p>The link is valid for ${input.validHours} hours. If you did not create this account, ignore this e-mail.</p>`;
  return { to: input.to, subject: 'Activate your Freight Document Service account', text, html };
}

const ROLE_NAMES: Record<string, string> = {
  CONSIGNOR: 'consignor',
  CONSIGNEE: 'consignee',
  CARRIER: 'carrier',
  SUBSEQUENT_CARRIER: 'subsequent carrier',
  PLACE_OF_TAKING_OVER: 'place of taking over',
  PLACE_OF_DELIVERY: 'place of delivery',
};

/** Sent to every role holder when a document names them; people without an account are invited to create one. */
export function namedInDocumentMail(input: {
  to: string;
  roles: string[];
  serviceNumber: string;
  submitterName: string;
  documentUrl: string;
  signupUrl?: string;
}): OutgoingMail {
  const roles = input.roles.map((role) => ROLE_NAMES[role] ?? role.toLowerCase()).join(', ');
  const lines = [
    'Hello,',
    '',
    `${input.submitterName} named you as ${roles} on freight document ${input.serviceNumber}.`,
    '',
    input.signupUrl
      ? `You do not have an account yet. Create one with this e-mail address to follow and approve the document:\n${input.signupUrl}`
      : `Open the document: ${input.documentUrl}`,
  ];
  const html = `<p>Hello,</p><p>${escapeHtml(input.submitterName)} named you as ${escapeHtml(roles)} on freight document <strong>${escapeHtml(
    input.serviceNumber,
  )}</strong>.</p>${
    input.signupUrl
      ? `<p>You do not have an account yet. <a href="${escapeHtml(input.signupUrl)}">Create one with this e-mail address</a> to follow and approve the document.</p>`
      : `<p><a href="${escapeHtml(input.documentUrl)}">Open the document</a></p>`
  }`;
  return { to: input.to, subject: `Freight document ${input.serviceNumber}: you are named as ${roles}`, text: lines.join('\n'), html };
}

/** Sent to the account that receives a role's rights (spec §1), per document or for all documents of the role. */
export function delegatedToYouMail(input: {
  to: string;
  grantorName: string;
  role: string;
  /** The document, for a per-document delegation; absent for an account-wide one. */
  document?: { serviceNumber: string; url: string };
  portalUrl: string;
}): OutgoingMail {
  const role = ROLE_NAMES[input.role] ?? input.role.toLowerCase();
  const scope = input.document
    ? `on freight document ${input.document.serviceNumber}`
    : `on every freight document, present and future, in which ${input.grantorName} holds that role`;
  const link = input.document?.url ?? input.portalUrl;
  const text = [
    'Hello,',
    '',
    `${input.grantorName} delegated the role of ${role} to you ${scope}. You have all the rights of that role, and you can delegate it further.`,
    '',
    `${input.document ? 'Open the document' : 'Open your documents'}: ${link}`,
  ].join('\n');
  const html = `<p>Hello,</p><p>${escapeHtml(input.grantorName)} delegated the role of ${escapeHtml(role)} to you ${escapeHtml(
    scope,
  )}. You have all the rights of that role, and you can delegate it further.</p><p><a href="${escapeHtml(link)}">${
    input.document ? 'Open the document' : 'Open your documents'
  }</a></p>`;
  const subject = input.document ? `Freight document ${input.document.serviceNumber}: you act as ${role}` : `You act as ${role} for ${input.grantorName}`;
  return { to: input.to, subject, text, html };
}
