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
