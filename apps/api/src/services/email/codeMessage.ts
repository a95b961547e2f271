/**
 * The mails of email login: those that carry a code (the code in the subject and the text, the
 * site's name and origin so the visitor can tell a code they did not ask for), and the one that
 * says the address's codes were locked after too many wrong ones. The HTML part escapes
 * everything it shows; nothing a request brings (an address asked for, a site's name) is rendered
 * as markup.
 */
import type { MailMessage } from './mailer'

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ??
      character,
  )

/** A mail of `lines`, as text and as HTML: each line a paragraph. */
export const plainMail = (to: string, subject: string, lines: string[]): MailMessage => ({
  to,
  subject,
  text: `${lines.join('\n\n')}\n`,
  html: `<!doctype html><html><body style="font-family:system-ui,sans-serif">${lines
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('')}</body></html>`,
})

/** A code's mail: `lead` ends with the code in the text; in the HTML, the code stands out. */
function codeMail({
  to,
  subject,
  lead,
  code,
  lines,
}: {
  to: string
  subject: string
  /** "Your Shop login code is": the first line, before the code. */
  lead: string
  code: string
  lines: string[]
}): MailMessage {
  return {
    to,
    subject,
    text: `${[`${lead} ${code}.`, ...lines].join('\n\n')}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif"><p>${escapeHtml(lead)}</p><p style="font-size:28px;font-weight:600;letter-spacing:4px">${escapeHtml(code)}</p>${lines
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('')}</body></html>`,
  }
}

/**
 * @example codeMessage({ to: 'ada@example.com', siteName: 'Shop', hostOrigin: 'https://shop.example', code: '123456', minutes: 10 })
 */
export function codeMessage({
  to,
  siteName,
  hostOrigin,
  code,
  minutes,
}: {
  to: string
  siteName: string
  hostOrigin: string
  code: string
  minutes: number
}): MailMessage {
  return codeMail({
    to,
    subject: `${code} is your ${siteName} login code`,
    lead: `Your ${siteName} login code is`,
    code,
    lines: [
      `Someone asked to sign in to ${siteName} at ${hostOrigin} with this email address. The code works once, for ${minutes} minutes.`,
      'If it was not you, ignore this email: nobody can sign in without the code.',
    ],
  })
}

/**
 * The two mails of an email change: to the current address, saying which address it would move
 * to; to the new address, asking to confirm it. The change needs both codes.
 * @example emailChangeMessages({ currentEmail: 'ada@example.com', newEmail: 'ada@new.example', siteName: 'Shop', hostOrigin: 'https://shop.example', currentCode: '123456', newCode: '654321', minutes: 10 })
 */
export function emailChangeMessages({
  currentEmail,
  newEmail,
  siteName,
  hostOrigin,
  currentCode,
  newCode,
  minutes,
}: {
  currentEmail: string
  newEmail: string
  siteName: string
  hostOrigin: string
  currentCode: string
  newCode: string
  minutes: number
}): { current: MailMessage; new: MailMessage } {
  return {
    current: codeMail({
      to: currentEmail,
      subject: `${currentCode} is your ${siteName} code to change your email`,
      lead: `Your ${siteName} code to change your email address is`,
      code: currentCode,
      lines: [
        `Someone signed in to ${siteName} at ${hostOrigin} with this email address asked to change it to ${newEmail}. The code works once, for ${minutes} minutes.`,
        'If it was not you, do not give this code to anyone: without it, your email address stays as it is.',
      ],
    }),
    new: codeMail({
      to: newEmail,
      subject: `${newCode} is your ${siteName} code to confirm this email`,
      lead: `Your ${siteName} code to confirm this email address is`,
      code: newCode,
      lines: [
        `Someone signed in to ${siteName} at ${hostOrigin} asked to use this email address from now on. The code works once, for ${minutes} minutes.`,
        'If it was not you, ignore this email: nothing changes without the code.',
      ],
    }),
  }
}

/**
 * The mail to an address whose codes were just locked (addressLocks.ts): how many wrong codes,
 * where, until when, and that nobody got in.
 * @example addressLockedMessage({ to: 'ada@example.com', siteName: 'Shop', hostOrigin: 'https://shop.example', failures: 10, until: '2026-11-26 10:15 UTC' })
 */
export function addressLockedMessage({
  to,
  siteName,
  hostOrigin,
  failures,
  until,
}: {
  to: string
  siteName: string
  hostOrigin: string
  failures: number
  /** When the lock ends, in words: "2026-11-26 10:15 UTC". */
  until: string
}): MailMessage {
  return plainMail(to, `Sign-in to ${siteName} with this email is paused`, [
    `${failures} wrong codes were entered for this email address at ${siteName} (${hostOrigin}), so no code will be sent to it or accepted for it until ${until}.`,
    'If it was not you, someone may be trying to get into your account: none of the codes was right, nobody got in, and you do not need to do anything. If it was you, wait until then and ask for a new code.',
  ])
}
