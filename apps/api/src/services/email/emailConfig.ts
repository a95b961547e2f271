/**
 * Email login's settings, from the environment: `SMTP_URL` (the mail server codes are sent
 * through; without it, codes are refused), `AIRLOCK_MAIL_FROM` (the sender) and
 * `AIRLOCK_SERVER_KEY` (32 or more random bytes, hex or base64: the key codes are kept as
 * HMACs under; production mode refuses to start without it).
 */
import { createHash } from 'node:crypto'
import { ConfigError } from '../../configError'
import type { Environment } from '../../environment'

export type EmailConfig = {
  smtpUrl: string | undefined
  mailFrom: string
  serverKey: Uint8Array
  /** False when `AIRLOCK_SERVER_KEY` is not set and the development key stands in. */
  serverKeySet: boolean
}

const minServerKeyBytes = 32

/** Stands in for `AIRLOCK_SERVER_KEY` off production: public, so never a secret of anyone's. */
export const developmentServerKey = createHash('sha256')
  .update('airlock development server key: not secret, never for production')
  .digest()

export function readEmailConfig(env: Environment): EmailConfig {
  const smtpUrl = env.SMTP_URL || undefined
  if (smtpUrl !== undefined) {
    let protocol = ''
    try {
      protocol = new URL(smtpUrl).protocol
    } catch {}
    if (protocol !== 'smtp:' && protocol !== 'smtps:')
      throw new ConfigError(
        'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587.',
      )
  }
  const mailFrom = env.AIRLOCK_MAIL_FROM || 'Airlock <login@localhost>'
  const key = env.AIRLOCK_SERVER_KEY
  if (key === undefined || key === '')
    return { smtpUrl, mailFrom, serverKey: developmentServerKey, serverKeySet: false }
  const bytes = /^[0-9a-f]+$/i.test(key) ? Buffer.from(key, 'hex') : Buffer.from(key, 'base64')
  // The message never repeats the key: start-up logs are read by more people than it is.
  if (bytes.length < minServerKeyBytes)
    throw new ConfigError(
      `AIRLOCK_SERVER_KEY must be at least ${minServerKeyBytes} random bytes, hex or base64 (openssl rand -hex 32).`,
    )
  return { smtpUrl, mailFrom, serverKey: bytes, serverKeySet: true }
}
