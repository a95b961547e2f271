/**
 * The mail that carries a login code: the code in the subject and the text, the site's name and
 * origin so the visitor can tell a code they did not ask for. The HTML part escapes everything it
 * shows; nothing a request brings is rendered as markup.
 */
import type { MailMessage } from './mailer'

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ??
      character,
  )

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
  const lines = [
    `Your ${siteName} login code is ${code}.`,
    `Someone asked to sign in to ${siteName} at ${hostOrigin} with this email address. The code works once, for ${minutes} minutes.`,
    'If it was not you, ignore this email: nobody can sign in without the code.',
  ]
  return {
    to,
    subject: `${code} is your ${siteName} login code`,
    text: `${lines.join('\n\n')}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif">${lines
      .map((line, index) =>
        index === 0
          ? `<p>Your ${escapeHtml(siteName)} login code is</p><p style="font-size:28px;font-weight:600;letter-spacing:4px">${escapeHtml(code)}</p>`
          : `<p>${escapeHtml(line)}</p>`,
      )
      .join('')}</body></html>`,
  }
}
