// The step the Buy specs share: a fresh test wallet connected on the demo, switched to Ethereum
// (where the onramp stand-ins sell USDC), the modal on Buy.
import type { Page } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expectOpen, modal, waitForAirlock } from './modal'
import { origins } from './ports'
import { installTestWallet } from './testWallet'

/** Connects a fresh wallet named `wallet.name` and opens Buy; returns its address. */
export async function openBuy(
  page: Page,
  connectWallet: (name: string) => Promise<void>,
  wallet: { name: string; rdns: string },
) {
  const privateKey = generatePrivateKey()
  await installTestWallet(page, { ...wallet, privateKey })
  await page.goto(origins.demo)
  await waitForAirlock(page)
  await connectWallet(wallet.name)
  await page.evaluate(() => window.airlock!.switchNetwork('eip155:1'))
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  await modal(page).dialog.getByRole('button', { name: 'Buy', exact: true }).click()
  await expectOpen(page, 'Buy')
  return privateKeyToAccount(privateKey).address
}
