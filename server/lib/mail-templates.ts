import type { Mail } from './mailer';

const BRAND = 'Build. Learn. Earn. Thrive.';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function linkMail(to: string, subject: string, greeting: string, lines: string[], action: string, link: string): Mail {
  const text = [`Hello ${greeting},`, '', ...lines, '', `${action}: ${link}`, '', `— ${BRAND}`].join('\n');
  const html = `<p>Hello ${escapeHtml(greeting)},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>— ${BRAND}</p>`;
  return { to, subject, text, html, link };
}

export function verificationMail(to: string, name: string, link: string): Mail {
  return linkMail(
    to,
    'Verify your email',
    name,
    ['Welcome! Confirm that this address is yours to finish creating your account.', 'The link works once and expires in 24 hours.'],
    'Verify my email',
    link,
  );
}

export function resetMail(to: string, name: string, link: string): Mail {
  return linkMail(
    to,
    'Reset your password',
    name,
    ['Someone asked to reset the password of your account. If it was not you, ignore this mail.', 'The link works once and expires in 1 hour.'],
    'Choose a new password',
    link,
  );
}
