/**
 * The API's outgoing mail: SMTP with nodemailer, to the server `SMTP_URL` names
 * (`smtp://user:pass@host:587`, or `smtps://` for TLS from the start), from `AIRLOCK_MAIL_FROM`.
 * `npm start` points it at the local capturing server (scripts/devMail.mjs).
 */
import { createTransport } from 'nodemailer'

export type MailMessage = { to: string; subject: string; text: string; html: string }

export type Mailer = {
  /** @throws when the server refuses the message or does not answer in time. */
  send(message: MailMessage): Promise<void>
  close(): void
}

export function createMailer({ smtpUrl, from }: { smtpUrl: string; from: string }): Mailer {
  const url = new URL(smtpUrl)
  const secure = url.protocol === 'smtps:'
  const transport = createTransport({
    host: url.hostname,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    // A visitor waits on this send: a server that does not answer fails the request in seconds.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
  return {
    async send(message) {
      await transport.sendMail({ from, ...message })
    },
    close: () => transport.close(),
  }
}
