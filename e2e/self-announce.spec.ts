// EIP-6963 self-announce on the real stack: a dapp that lists the page's EIP-6963 wallets (as
// wagmi's injected discovery, RainbowKit and AppKit do, through mipd's store or their own
// listener) finds Airlock among them, and connecting through the announced provider opens the
// modal and resolves with the visitor's account; the modal itself does not list Airlock inside
// Airlock.
import type { Page } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { modal, waitForAirlock } from './support/modal'
import { origins } from './support/ports'
import { expect, test } from './support/test'
import { installTestWallet } from './support/testWallet'

type Announced = { name: string; rdns: string; icon: string; uuid: string }

/** What a dapp's discovery hears when it asks the page's wallets to announce themselves. */
function discover(page: Page) {
  return page.evaluate(() => {
    const heard: { name: string; rdns: string; icon: string; uuid: string }[] = []
    const listen = (event: Event) =>
      heard.push({ ...(event as CustomEvent<{ info: Announced }>).detail.info })
    addEventListener('eip6963:announceProvider', listen)
    dispatchEvent(new Event('eip6963:requestProvider'))
    removeEventListener('eip6963:announceProvider', listen)
    return heard
  })
}

test('behavior: a dapp’s EIP-6963 discovery lists Airlock beside the page’s wallets, and connecting through it opens the modal', async ({
  page,
}) => {
  const privateKey = generatePrivateKey()
  await installTestWallet(page, {
    name: 'Alpha Wallet',
    rdns: 'dev.airlock.alpha',
    privateKey,
    announce: 'immediately',
  })
  await page.goto(origins.demo)
  await waitForAirlock(page)
  await expect
    .poll(async () => (await discover(page)).map(({ name, rdns }) => ({ name, rdns })))
    .toEqual(
      expect.arrayContaining([
        { name: 'Airlock', rdns: 'localhost' },
        { name: 'Alpha Wallet', rdns: 'dev.airlock.alpha' },
      ]),
    )
  const [airlock] = (await discover(page)).filter(({ rdns }) => rdns === 'localhost')
  expect(airlock?.icon).toMatch(/^data:image\/svg\+xml,/)

  // A dapp connects through the announced provider: the modal opens on Connect, which lists the
  // page's own wallet and not Airlock itself; the visitor picks the wallet, and the dapp has the
  // account.
  const connecting = page.evaluate(
    (uuid) =>
      new Promise<unknown>((resolve, reject) => {
        const pick = (event: Event) => {
          const { info, provider } = (
            event as CustomEvent<{
              info: Announced
              provider: { request(args: { method: string }): Promise<unknown> }
            }>
          ).detail
          if (info.uuid !== uuid) return
          removeEventListener('eip6963:announceProvider', pick)
          provider.request({ method: 'eth_requestAccounts' }).then(resolve, reject)
        }
        addEventListener('eip6963:announceProvider', pick)
        dispatchEvent(new Event('eip6963:requestProvider'))
      }),
    airlock?.uuid,
  )
  const { dialog } = modal(page)
  await expect(dialog.getByRole('heading', { level: 1 })).toHaveText('Connect Wallet')
  await expect(dialog.getByRole('button', { name: /Alpha Wallet/ })).toBeVisible()
  await expect(dialog.getByRole('button', { name: /^Airlock/ })).toHaveCount(0)
  await dialog.getByRole('button', { name: /Alpha Wallet/ }).click()
  expect(await connecting).toEqual([privateKeyToAccount(privateKey).address])
})
