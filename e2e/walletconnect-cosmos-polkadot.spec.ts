// Journey: a visitor connects a phone wallet on Cosmos, or on Polkadot, through WalletConnect.
// The site opens the modal, the modal shows a QR code, and the wallet (a real sign-client in the
// test process with a secp256k1 key on Cosmos Local, or an sr25519 key on Polkadot Local) pairs
// through the local relay and approves its account. The site has a message signed through the
// provider (ADR-036 as the phone's cosmos_signAmino; polkadot_signMessage), verified here for
// the account; the visitor sends from Send, the phone signs (cosmos_signDirect;
// polkadot_signTransaction), the modal broadcasts, and the chain stand-in's ledger applies it.

import { verifyCosmosMessage } from '@airlock/protocol/cosmos'
import { verifyPolkadotMessage } from '@airlock/protocol/polkadot'
import { Random } from '@cosmjs/crypto'
import { fromBech32, toBech32 } from '@cosmjs/encoding'
import type { Page } from '@playwright/test'
import { Keyring } from '@polkadot/keyring'
import { decodeAddress, encodeAddress, mnemonicGenerate } from '@polkadot/util-crypto'
import { generatePrivateKey } from 'viem/accounts'
import { cosmosBalance, cosmosLocal, fundCosmos } from './support/cosmosTestWallet'
import { chooseNetwork, expectOpen, expectReceive, modal, waitForAirlock } from './support/modal'
import {
  cosmosNetworksProject,
  cosmosProject,
  polkadotNetworksProject,
  polkadotProject,
} from './support/operator'
import { dot, fundPolkadot, polkadotBalance, polkadotLocal } from './support/polkadotTestWallet'
import { gotoSdkPage } from './support/sdkPage'
import { expect, test } from './support/test'
import { pickWalletConnect } from './support/walletConnect'
import { createWalletPeer, type WalletPeer, type WalletPeerOptions } from './support/walletPeer'
import { cosmosPeerAccount } from './support/walletPeerCosmos'
import { polkadotPeerAccount } from './support/walletPeerPolkadot'

let peers: WalletPeer[] = []
test.afterEach(async () => {
  await Promise.all(peers.map((peer) => peer.close()))
  peers = []
})

/** The project's page on `networks`; the visitor opens the modal; the phone scans and approves. */
async function connectedPhone(
  page: Page,
  projectId: string,
  networks: string | string[],
  account: Pick<WalletPeerOptions, 'cosmos' | 'polkadot'>,
) {
  const peer = await createWalletPeer({
    privateKey: generatePrivateKey(),
    name: 'Phone Wallet',
    ...account,
  })
  peers.push(peer)
  await gotoSdkPage(page, { projectId, networks: [networks].flat() })
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Connect Wallet')
  await peer.pair(await pickWalletConnect(page))
  const proposal = await peer.nextProposal()
  await peer.approve(proposal)
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  peer.autoAnswer('answer')
  return { peer, proposal }
}

/** Send's form on the open modal: `amount` of `symbol` to `recipient`, previewed and sent. */
async function sendFromModal(page: Page, symbol: string, amount: string, recipient: string) {
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expectOpen(page, 'Send')
  await dialog.getByRole('button', { name: /Token/ }).click()
  await dialog.locator(`button[data-symbol="${symbol}"]`).click()
  await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill(amount)
  await dialog.getByRole('textbox', { name: 'To', exact: true }).fill(recipient)
  // The first fee loads the chain's library (cosmjs, @polkadot/api and the node's metadata).
  await expect(dialog.locator('[data-send-fee]')).toHaveText(
    new RegExp(`^\\d[\\d.,]* ${symbol}$`),
    {
      timeout: 20_000,
    },
  )
  await dialog.getByRole('button', { name: 'Preview send' }).click()
  await expectOpen(page, 'Review Send')
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(modal(page).frame.getByText(`Sent ${amount} ${symbol}`)).toBeVisible()
}

test('behavior: the phone connects on Cosmos Local by QR; the site’s ADR-036 signature verifies; the visitor’s ATOM send lands', async ({
  page,
}) => {
  // Pairing over the relay, a signature and a send through the phone, on a node.
  test.setTimeout(90_000)
  const cosmos = await cosmosPeerAccount()
  const { peer, proposal } = await connectedPhone(page, cosmosProject, cosmosLocal, { cosmos })
  expect(proposal.params.optionalNamespaces.cosmos).toMatchObject({
    chains: [cosmosLocal],
    methods: ['cosmos_signDirect', 'cosmos_signAmino', 'cosmos_getAccounts'],
  })
  expect(await page.evaluate(() => window.airlock!.getState())).toMatchObject({
    status: 'connected',
    namespace: 'cosmos',
    chainId: cosmosLocal,
    address: cosmos.address,
  })
  const signature = await page.evaluate(() =>
    window.airlock!.provider.request({
      method: 'cosmos_signArbitrary',
      params: { message: 'Sign in from the phone' },
    }),
  )
  const verify = (message: string) =>
    verifyCosmosMessage({
      address: cosmos.address,
      message,
      signature: JSON.stringify(signature),
      network: 'local',
    })
  expect(verify('Sign in from the phone')).toBe(true)
  expect(verify('Sign in to another site')).toBe(false)
  expect(peer.requests.find(({ method }) => method === 'cosmos_signAmino')).toMatchObject({
    chainId: cosmosLocal,
    params: { signerAddress: cosmos.address },
  })

  await fundCosmos(cosmos.address, 2_500_000)
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  await expect(modal(page).dialog.locator('[data-native-balance]')).toHaveText('2.5 ATOM')
  const recipient = toBech32('cosmos', Random.getBytes(20))
  await sendFromModal(page, 'ATOM', '1', recipient)
  expect(await cosmosBalance(recipient)).toBe(1_000_000n)
  expect(peer.requests.find(({ method }) => method === 'cosmos_signDirect')).toMatchObject({
    chainId: cosmosLocal,
    params: { signerAddress: cosmos.address, signDoc: { chainId: 'airlock-local-1' } },
  })
})

test('behavior: the phone connects on Polkadot Local by QR; the site’s message signature verifies; the visitor’s DOT send lands', async ({
  page,
}) => {
  // Pairing over the relay, a signature and a send through the phone, on a node.
  test.setTimeout(90_000)
  const polkadot = await polkadotPeerAccount()
  const { peer, proposal } = await connectedPhone(page, polkadotProject, polkadotLocal, {
    polkadot,
  })
  expect(proposal.params.optionalNamespaces.polkadot).toMatchObject({
    chains: [polkadotLocal],
    methods: ['polkadot_signTransaction', 'polkadot_signMessage'],
  })
  expect(await page.evaluate(() => window.airlock!.getState())).toMatchObject({
    status: 'connected',
    namespace: 'polkadot',
    chainId: polkadotLocal,
    address: polkadot.address,
  })
  const { signature } = (await page.evaluate(() =>
    window.airlock!.provider.request({
      method: 'polkadot_signMessage',
      params: { message: 'Sign in from the phone' },
    }),
  )) as { signature: string }
  const verify = (message: string) =>
    verifyPolkadotMessage({ address: polkadot.address, message, signature, network: 'local' })
  expect(verify('Sign in from the phone')).toBe(true)
  expect(verify('Sign in to another site')).toBe(false)

  await fundPolkadot(polkadot.address, 5n * dot)
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  await expect(modal(page).dialog.locator('[data-native-balance]')).toHaveText('5 DOT')
  const recipient = new Keyring({ type: 'sr25519', ss58Format: 42 }).addFromMnemonic(
    mnemonicGenerate(),
  ).address
  await sendFromModal(page, 'DOT', '1.5', recipient)
  expect(await polkadotBalance(recipient)).toBe((3n * dot) / 2n)
  expect(peer.requests.find(({ method }) => method === 'polkadot_signTransaction')).toMatchObject({
    chainId: polkadotLocal,
    params: { address: polkadot.address, transactionPayload: { address: polkadot.address } },
  })
})

test('behavior: a phone that approved Cosmos Local and Osmosis: switching shows the osmo address its session gave for Osmosis, then its cosmos1 one again', async ({
  page,
}) => {
  const osmosis = 'cosmos:osmosis-1'
  const cosmos = await cosmosPeerAccount()
  const { proposal } = await connectedPhone(page, cosmosNetworksProject, [cosmosLocal, osmosis], {
    cosmos,
  })
  expect(proposal.params.optionalNamespaces.cosmos?.chains).toEqual([cosmosLocal, osmosis])
  expect(await page.evaluate(() => window.airlock!.getState().address)).toBe(cosmos.address)
  const osmoAddress = toBech32('osmo', fromBech32(cosmos.address, 90).data)
  await chooseNetwork(page, 'Osmosis', osmosis)
  expect(await page.evaluate(() => window.airlock!.getState().caipAddress)).toBe(
    `${osmosis}:${osmoAddress}`,
  )
  await expectReceive(page, osmoAddress, ['Osmosis'])
  await chooseNetwork(page, 'Cosmos Local', cosmosLocal)
  expect(await page.evaluate(() => window.airlock!.getState().address)).toBe(cosmos.address)
})

test('behavior: a phone that approved Polkadot Local and Kusama: switching shows its account with Kusama’s SS58 prefix, then with Polkadot Local’s', async ({
  page,
}) => {
  const kusama = 'polkadot:b0a8d493285c2df73290dfb7e61f870f'
  const polkadot = await polkadotPeerAccount()
  await connectedPhone(page, polkadotNetworksProject, [polkadotLocal, kusama], { polkadot })
  expect(await page.evaluate(() => window.airlock!.getState().address)).toBe(polkadot.address)
  const kusamaAddress = encodeAddress(decodeAddress(polkadot.address), 2)
  await chooseNetwork(page, 'Kusama', kusama)
  expect(await page.evaluate(() => window.airlock!.getState().caipAddress)).toBe(
    `${kusama}:${kusamaAddress}`,
  )
  await expectReceive(page, kusamaAddress, ['Kusama'])
  await chooseNetwork(page, 'Polkadot Local', polkadotLocal)
  expect(await page.evaluate(() => window.airlock!.getState().address)).toBe(polkadot.address)
})

/** The site's request through the provider: its answer, or the error's code and words. */
function siteRequest(page: Page, method: string, params: object) {
  return page.evaluate(
    ({ method, params }) =>
      window.airlock!.provider.request({ method, params }).then(
        (result) => ({ result }),
        (error: { code?: number; shortMessage?: string }) => ({
          code: error.code,
          shortMessage: error.shortMessage,
        }),
      ),
    { method, params },
  )
}

test('error: a phone that declines the site’s ADR-036 signature: it rejects with 4001; after a reload the session is back without a new pairing, and signs', async ({
  page,
}) => {
  const cosmos = await cosmosPeerAccount()
  const { peer } = await connectedPhone(page, cosmosProject, cosmosLocal, { cosmos })
  peer.autoAnswer('reject')
  expect(
    await siteRequest(page, 'cosmos_signArbitrary', { message: 'Sign in from the phone' }),
  ).toMatchObject({ code: 4001 })

  await page.reload()
  await waitForAirlock(page)
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  expect(await page.evaluate(() => window.airlock!.getState().address)).toBe(cosmos.address)
  peer.autoAnswer('answer')
  const answer = await siteRequest(page, 'cosmos_signArbitrary', { message: 'After the reload' })
  expect(
    verifyCosmosMessage({
      address: cosmos.address,
      message: 'After the reload',
      signature: JSON.stringify((answer as { result: unknown }).result),
      network: 'local',
    }),
  ).toBe(true)
  expect(peer.sessions()).toHaveLength(1)
})

test('error: a phone that declines the site’s DOT transfer: it rejects with 4001 and nothing moves', async ({
  page,
}) => {
  const polkadot = await polkadotPeerAccount()
  const { peer } = await connectedPhone(page, polkadotProject, polkadotLocal, { polkadot })
  await fundPolkadot(polkadot.address, 5n * dot)
  peer.autoAnswer('reject')
  const recipient = new Keyring({ type: 'sr25519', ss58Format: 42 }).addFromMnemonic(
    mnemonicGenerate(),
  ).address
  expect(
    await siteRequest(page, 'polkadot_sendTokens', {
      recipientAddress: recipient,
      amount: String(dot),
    }),
  ).toMatchObject({ code: 4001 })
  expect(peer.requests.map(({ method }) => method)).toContain('polkadot_signTransaction')
  expect(await polkadotBalance(recipient)).toBe(0n)
  expect(await polkadotBalance(polkadot.address)).toBe(5n * dot)
})
