// The dev mail server receives what nodemailer sends (as the API will send its login codes), reads
// its subject and text back, and shows it on the dev page escaped, never as markup.
import { createTransport } from 'nodemailer'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type DevMail, startDevMail } from './devMail.mjs'

describe('dev mail', () => {
  let devMail: DevMail
  let send: (mail: {
    to: string | string[]
    subject: string
    text: string
    html?: string
    encoding?: 'quoted-printable' | 'base64' | '7bit'
  }) => Promise<unknown>

  beforeAll(async () => {
    devMail = await startDevMail({ smtpPort: 0, httpPort: 0, quiet: true })
    const transport = createTransport({
      host: '127.0.0.1',
      port: Number(new URL(devMail.smtpUrl).port),
      secure: false,
      ignoreTLS: true,
    })
    // `textEncoding` forces quoted-printable or base64 where nodemailer would pick either.
    send = ({ encoding, ...mail }) =>
      transport.sendMail({
        from: 'Airlock <login@airlock.test>',
        ...mail,
        ...(encoding === '7bit' || !encoding ? {} : { textEncoding: encoding }),
      })
  })

  afterAll(async () => {
    await devMail?.close()
  })

  const subject = 'Ihr Anmeldecode für Airlock — <script>alert("hi")</script> ✓'

  test('keeps the decoded subject, recipients and text of a text and html mail', async () => {
    expect(devMail.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:[1-9]\d*$/)
    expect(devMail.pageUrl).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*\/$/)

    await send({
      to: ['ada@example.com', 'Grace <grace@example.com>'],
      subject,
      text: 'Your Airlock code is 482913.\nIt expires in 10 minutes.',
      html: '<p>Your Airlock code is <b>482913</b>.</p>',
    })

    const message = devMail.messages().at(-1)
    expect(message).toMatchObject({
      from: 'login@airlock.test',
      to: ['ada@example.com', 'grace@example.com'],
      subject,
      text: 'Your Airlock code is 482913.\nIt expires in 10 minutes.',
    })
    expect(Number.isNaN(Date.parse(message?.receivedAt ?? ''))).toBe(false)
  })

  test.each([
    ['quoted-printable', `${'x'.repeat(120)} code 111111 at the end of a long line`],
    ['quoted-printable', 'Dein Code: 222222 — gültig für 10 Minuten.\nÄÖÜ äöü ß =?x?Q?y?='],
    ['base64', 'Dein Code: 333333 — gültig für 10 Minuten.\nÄÖÜ äöü ß'],
    ['7bit', 'Code 444444\n.a line that starts with a dot\n..and two'],
  ] as const)('reads a text part sent as %s', async (encoding, text) => {
    await send({ to: 'ada@example.com', subject: 'Code', text, html: '<p>html</p>', encoding })
    expect(devMail.messages().at(-1)?.text).toBe(text)
  })

  test('reads a text-only mail', async () => {
    await send({ to: 'ada@example.com', subject: 'Только текст', text: 'Код 555555' })
    expect(devMail.messages().at(-1)).toMatchObject({ subject: 'Только текст', text: 'Код 555555' })
  })

  test('shows the mail on the dev page, escaped, and as JSON', async () => {
    const page = await fetch(devMail.pageUrl)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await page.text()
    expect(html).toContain(
      'Ihr Anmeldecode für Airlock — &lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; ✓',
    )
    expect(html).toContain('482913')
    expect(html).not.toContain('<script')
    // Newest first.
    expect(html.indexOf('Только текст')).toBeLessThan(html.indexOf('482913'))

    const json = await fetch(new URL('/messages.json', devMail.pageUrl))
    expect(json.status).toBe(200)
    expect(await json.json()).toEqual(devMail.messages())

    expect((await fetch(new URL('/elsewhere', devMail.pageUrl))).status).toBe(404)
  })
})
