import type { Mail } from './mailer';

const BRAND = 'Build. Learn. Earn. Thrive.';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function linkMail(
  to: string,
  subject: string,
  greeting: string,
  lines: string[],
  action: string,
  link: string,
): Mail {
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
    [
      'Welcome! Confirm that this address is yours to finish creating your account.',
      'The link works once and expires in 24 hours.',
    ],
    'Verify my email',
    link,
  );
}

export function resetMail(to: string, name: string, link: string): Mail {
  return linkMail(
    to,
    'Reset your password',
    name,
    [
      'Someone asked to reset the password of your account. If it was not you, ignore this mail.',
      'The link works once and expires in 1 hour.',
    ],
    'Choose a new password',
    link,
  );
}

/** A mail that only tells something (a password or address changed): no link, nothing to click. */
export function noticeMail(to: string, subject: string, greeting: string, lines: string[]): Mail {
  const text = [`Hello ${greeting},`, '', ...lines, '', `— ${BRAND}`].join('\n');
  const html = `<p>Hello ${escapeHtml(greeting)},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>— ${BRAND}</p>`;
  return { to, subject, text, html };
}

export function guardianConsentMail(to: string, guardianName: string, memberName: string, link: string): Mail {
  return linkMail(
    to,
    `${memberName} asks for your consent`,
    guardianName,
    [
      `${memberName} named you as their parent or guardian on our platform. They are under 18, and under 18 needs parent or guardian consent before they can pay for courses or plans, or sell their own.`,
      'Open the link to read what you consent to and confirm. If you do not know them, ignore this mail: nothing changes.',
      'The link works once and expires in 7 days.',
    ],
    'Read and consent',
    link,
  );
}
