// Sign In With Farcaster from the visitor's phone: the stack's dev Farcaster relay stands in for
// relay.farcaster.xyz, and its sign-in page for the Farcaster app (scripts/devFarcaster.mjs).
// `approveAs` presses that page's button for one of its dev accounts; `approveAsNewAccount` is a
// Farcaster app of a fid nobody else's test has: a fresh custody key, registered on the e2e anvil
// at Farcaster's Optimism addresses, signing the channel's real SIWF message and handing it to the
// relay as the app does.
import { createWalletClient, viemConnector } from '@farcaster/auth-client'
import type { Page } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { installDevFarcasterRegistry } from '../../devchain/farcasterRegistry.mjs'
import { devFarcasterAuthKey } from '../../scripts/devFarcaster.mjs'
import { modal } from './modal'
import { ports } from './ports'
import { expect } from './test'

const anvilUrl = `http://127.0.0.1:${ports.anvil}`
const relayUrl = `http://127.0.0.1:${ports.farcaster}`

/** The sign-in link ConnectingFarcaster shows, once it shows one. */
export async function farcasterLink(page: Page): Promise<string> {
  const link = modal(page).dialog.getByRole('link', { name: 'Open Farcaster' })
  await expect(link).toHaveAttribute('href', /channelToken=/)
  return (await link.getAttribute('href')) as string
}

/** Opens `url` on the visitor's "phone" (a page of its own) and signs in as a dev account. */
export async function approveAs(phone: Page, url: string, username: string) {
  await phone.goto(url)
  await phone.getByRole('button', { name: `Sign in as @${username}` }).click()
  await expect(phone.getByText(`Signed in as @${username}. Go back to the site.`)).toBeVisible()
}

/** A fid of its own for this test, from its time and a random part. */
const freshFid = () => 100_000 + Math.floor(Math.random() * 1_000_000_000)

/** Signs the channel of `url` in as a new Farcaster account; its fid and username. */
export async function approveAsNewAccount(url: string) {
  const custody = privateKeyToAccount(generatePrivateKey())
  const fid = freshFid()
  // The relay takes usernames of at most 16 characters.
  const username = `v${fid}`
  await installDevFarcasterRegistry({
    rpcUrl: anvilUrl,
    accounts: [{ custody: custody.address, fid }],
  })
  const app = createWalletClient({ relay: relayUrl, ethereum: viemConnector({ rpcUrl: anvilUrl }) })
  const { channelToken } = Object.fromEntries(new URL(url).searchParams) as {
    channelToken: string
  }
  // The request the page's channel was opened with, as the relay keeps it.
  const status = await (
    await fetch(`${relayUrl}/v1/channel/status`, {
      headers: { Authorization: `Bearer ${channelToken}` },
    })
  ).json()
  const { siweUri, domain, nonce, notBefore, expirationTime } = status.signatureParams
  const built = app.buildSignInMessage({
    address: custody.address,
    fid,
    uri: siweUri,
    domain,
    nonce,
    ...(notBefore && { notBefore: new Date(notBefore) }),
    ...(expirationTime && { expirationTime: new Date(expirationTime) }),
  })
  if (built.isError) throw built.error
  const signature = await custody.signMessage({ message: built.message })
  const authenticated = await app.authenticate({
    channelToken,
    authKey: devFarcasterAuthKey,
    message: built.message,
    signature,
    fid,
    username,
  })
  if (authenticated.isError) throw authenticated.error
  return { fid, username }
}
