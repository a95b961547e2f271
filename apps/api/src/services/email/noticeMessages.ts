/**
 * The mails that tell the wallet's address what happened to it (issue 33, point 3): its email was
 * changed (to the address it had), a device joined it. No code in them: they are for the owner to
 * notice what they did not do. The site's name and origin say where; the HTML part escapes all.
 */
import { plainMail } from './codeMessage'
import type { MailMessage } from './mailer'

/**
 * To the address a wallet had, once its email was changed.
 * @example emailChangedNotice({ to: 'ada@example.com', newEmail: 'ada@new.example', siteName: 'Shop', hostOrigin: 'https://shop.example' })
 */
export const emailChangedNotice = ({
  to,
  newEmail,
  siteName,
  hostOrigin,
}: {
  to: string
  newEmail: string
  siteName: string
  hostOrigin: string
}): MailMessage =>
  plainMail(to, `Your ${siteName} wallet's email was changed`, [
    `The email address of your ${siteName} wallet (${hostOrigin}) was changed from ${to} to ${newEmail}.`,
    'If it was not you, someone has your wallet on one of your devices: sign in with the new address there, or restore the wallet with your recovery code, and remove the devices you do not know.',
  ])

/**
 * To the wallet's address, once a device joined it with the recovery code.
 * @example deviceAddedNotice({ to: 'ada@example.com', label: 'Safari on iOS', siteName: 'Shop', hostOrigin: 'https://shop.example' })
 */
export const deviceAddedNotice = ({
  to,
  label,
  siteName,
  hostOrigin,
}: {
  to: string
  label: string
  siteName: string
  hostOrigin: string
}): MailMessage =>
  plainMail(to, `A new device joined your ${siteName} wallet`, [
    `A new device (${label}) was added to your ${siteName} wallet (${hostOrigin}) with your recovery code.`,
    'If it was not you, your recovery code is known to someone else: make a new one in your wallet (Account, Recovery code) and remove that device (Account, Devices).',
  ])
