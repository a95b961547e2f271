// Journey (issue 41): a visitor reads the modal in their language — the site's `locale`, else
// the browser's — with Arabic mirrored; an unknown locale and a missing translation show English.
// Under a pseudo-locale every view's words must come from the catalogue.
import type { Page } from '@playwright/test'
import { generatePrivateKey } from 'viem/accounts'
import { englishCatalogue } from '../apps/modal/src/i18n/englishCatalogue'
import { openModalOnSite } from './support/email'
import { fund } from './support/faucet'
import {
  catalogueOf,
  catalogueWords,
  outsideCatalogue,
  pseudoCatalogue,
  serveCatalogue,
  shownTexts,
} from './support/locales'
import { expectOpen, modal } from './support/modal'
import { expect, test } from './support/test'
import { installTestWallet } from './support/testWallet'

const walletName = 'Locale Wallet'

/** The id of the English message `english` (the first, if several say it). */
function idOf(english: string): string {
  const id = Object.entries(englishCatalogue()).find(([, source]) => source === english)?.[0]
  if (!id) throw new Error(`No message says ${JSON.stringify(english)}`)
  return id
}

/** `english`'s message in `locale`. */
const inLocale = (locale: string, english: string) => catalogueOf(locale)[idOf(english)]!

/** The modal's words under the pseudo-locale: the English in its marks. */
const pseudo = (english: string) => `⟦${english}⟧`

async function screenshot(page: Page, name: string) {
  await test.info().attach(name, {
    body: await modal(page).dialog.screenshot(),
    contentType: 'image/png',
  })
}

/** A funded test wallet on the page (the modal lists it), not connected yet. */
async function fundedWallet(page: Page) {
  const wallet = await installTestWallet(page, {
    name: walletName,
    rdns: 'dev.airlock.locale',
    privateKey: generatePrivateKey(),
  })
  await fund(wallet.address, { ether: '1', usd: '50' })
  return wallet
}

for (const locale of ['ja', 'ar'] as const) {
  test(`behavior: a site in ${locale} gets Connect and Account in ${locale} (screenshots attached)`, async ({
    page,
    connectWallet,
  }) => {
    await fundedWallet(page)
    const catalogueLoads: string[] = []
    page.on('request', (request) => {
      if (new RegExp(`/assets/${locale}-[\\w-]+\\.js$`).test(request.url()))
        catalogueLoads.push(request.url())
    })
    await openModalOnSite(page, { locale })
    await expectOpen(page, inLocale(locale, 'Connect Wallet'))
    // The page names the catalogue for the browser to fetch beside the first script (its first
    // preload; the views' chunks' ones come later, from the bundle): fetched once.
    const preload = modal(page).frame.locator('link[rel="modulepreload"]').first()
    await expect(preload).toHaveAttribute('href', new RegExp(`^/assets/${locale}-`))
    expect(catalogueLoads).toHaveLength(1)
    const root = modal(page).frame.locator('html')
    await expect(root).toHaveAttribute('lang', locale)
    await expect(root).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr')
    const { dialog } = modal(page)
    await expect(
      dialog.getByRole('button', { name: inLocale(locale, 'Continue with email') }),
    ).toBeVisible()
    if (locale === 'ar') {
      // Mirrored: the close button is at the card's left, the title's start at its right.
      const close = await dialog
        .getByRole('button', { name: inLocale(locale, 'Close') })
        .boundingBox()
      const card = await dialog.boundingBox()
      expect(close!.x - card!.x).toBeLessThan(card!.width / 2)
    }
    await screenshot(page, `Connect (${locale})`)

    await connectWallet(walletName)
    await page.evaluate(() => window.airlock!.open())
    await expectOpen(page, inLocale(locale, 'Account'))
    await expect(dialog.getByRole('tab', { name: inLocale(locale, 'Tokens') })).toBeVisible()
    await expect(dialog.getByText(/^1 ETH$/).first()).toBeVisible()
    await screenshot(page, `Account (${locale})`)
  })
}

test.describe('a browser in German, a site that says nothing', () => {
  test.use({ locale: 'de-DE' })
  test("behavior: the modal speaks the browser's language", async ({ page }) => {
    await openModalOnSite(page)
    await expectOpen(page, inLocale('de', 'Connect Wallet'))
    await expect(modal(page).frame.locator('html')).toHaveAttribute('lang', 'de')
    // The API read the browser's languages (Accept-Language) as the frame did.
    await expect(modal(page).frame.locator('link[rel="modulepreload"]').first()).toHaveAttribute(
      'href',
      /^\/assets\/de-/,
    )
  })
})

test('behavior: a locale Airlock does not speak is English, with no error', async ({ page }) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await openModalOnSite(page, { locale: 'tlh-Klingon' })
  await expectOpen(page, 'Connect Wallet')
  await expect(modal(page).frame.locator('html')).toHaveAttribute('lang', 'en')
  expect(errors).toEqual([])
})

test('behavior: a message its catalogue lacks shows in English, never as its id', async ({
  page,
}) => {
  await serveCatalogue(page, 'fr', pseudoCatalogue([idOf('Connect Wallet')]))
  await openModalOnSite(page, { locale: 'fr' })
  await expectOpen(page, 'Connect Wallet')
  // The rest of the catalogue is in use: the fallback is for the one message.
  await expect(
    modal(page).dialog.getByRole('button', { name: pseudo('Continue with email') }),
  ).toBeVisible()
})

test('behavior: the scan finds English outside the catalogue: a short message, a message shaped like a wallet name, a sentence of its words', () => {
  const found = outsideCatalogue(
    ['Max', 'Connect Wallet', 'Send it now', '⟦Max⟧', 'Locale Wallet', 'Rainbow Wallet', '0.5'],
    catalogueWords(),
    ['Locale Wallet', /^[\w .|'’&-]+ Wallet$/],
  )
  expect(found).toEqual(['Max', 'Connect Wallet', 'Send it now'])
})

test('behavior: under a pseudo-locale, every word of every view comes from the catalogue', async ({
  page,
  connectWallet,
}) => {
  test.setTimeout(180_000)
  const catalogue = catalogueWords()
  // Shown as they are, never translated: the wallet's and networks' names, tokens, brands.
  const data = [
    walletName,
    // Wallets' own names, as the registry has them, and sign-in providers' brands.
    /^[\w .|'’&-]+ Wallet$/,
    ...['Safe', 'WalletConnect'],
    ...['Google', 'X', 'GitHub', 'Apple', 'Discord', 'Farcaster', 'Telegram', 'Facebook'],
    ...['Twitch', 'Reddit'],
    /Anvil|Ethereum|Localhost|Solana|Bitcoin|Polkadot|Cosmos/i,
  ]
  const unwritten: string[] = []
  const scan = async (view: string) => {
    for (const text of outsideCatalogue(await shownTexts(page), catalogue, data))
      unwritten.push(`${view}: ${JSON.stringify(text)}`)
  }
  await serveCatalogue(page, 'fr', pseudoCatalogue())
  const { dialog } = modal(page)

  await fundedWallet(page)
  await openModalOnSite(page, { locale: 'fr' })
  await expectOpen(page, pseudo('Connect Wallet'))
  await scan('Connect')
  await dialog.getByRole('button', { name: pseudo('All Wallets') }).click()
  await expectOpen(page, pseudo('All Wallets'))
  await expect(dialog.getByRole('listitem').first()).toBeVisible()
  await scan('All Wallets')
  await dialog.getByRole('button', { name: pseudo('Back') }).click()
  await dialog.getByRole('button', { name: pseudo('Continue with email') }).click()
  await expectOpen(page, pseudo('Email'))
  await scan('Email')

  await dialog.getByRole('button', { name: pseudo('Back') }).click()
  await connectWallet(walletName)
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, pseudo('Account'))
  await expect(dialog.getByText(/ETH/).first()).toBeVisible()
  await scan('Account, Tokens')
  for (const tab of ['NFTs', 'Activity']) {
    await dialog.getByRole('tab', { name: pseudo(tab) }).click()
    await expect(dialog.getByRole('tab', { name: pseudo(tab) })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await scan(`Account, ${tab}`)
  }
  for (const [action, title] of [
    ['Send', 'Send'],
    ['Receive', 'Receive'],
    ['Swap', 'Swap'],
    ['Buy', 'Buy'],
  ] as const) {
    await dialog
      .getByRole('button', { name: pseudo(action) })
      .first()
      .click()
    await expectOpen(page, pseudo(title))
    await scan(title)
    await dialog.getByRole('button', { name: pseudo('Back') }).click()
    await expectOpen(page, pseudo('Account'))
  }
  // The network's own name is data; the view's words are the catalogue's.
  await dialog.getByRole('button', { name: 'Anvil' }).click()
  await expectOpen(page, pseudo('Choose Network'))
  await scan('Choose Network')
  expect(unwritten).toEqual([])
})
