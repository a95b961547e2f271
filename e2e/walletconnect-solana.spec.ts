// Journey: a visitor connects a phone wallet on Solana through WalletConnect. The site asks for
// Solana (airlock.solana.connect()), the modal shows a QR code, and the wallet (a real
// sign-client in the test process with an ed25519 key funded on the local Solana chain) pairs
// through the local relay and approves its Solana account. The site then signs a message and
// signs (and sends) a SOL transfer through airlock.solana, and the transfer lands on the chain.
import type { Page } from '@playwright/test'
import {
  type Address,
  generateKeyPairSigner,
  getBase58Decoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import { generatePrivateKey } from 'viem/accounts'
import { expectOpen, modal, sendSolanaFromModal, waitForAirlock } from './support/modal'
import { gotoSdkPage } from './support/sdkPage'
import { solanaBalance, solanaRpcUrl, solanaTransfer } from './support/solanaTestWallet'
import { expect, test } from './support/test'
import { nextRequestFor, pickWalletConnect, sealedSessionSaved } from './support/walletConnect'
import { jsonRpc } from './support/walletCore'
import { createWalletPeer, type WalletPeer } from './support/walletPeer'
import { fundedSolanaAccount } from './support/walletPeerSolana'

const localnet = 'solana:localnet'
const base58 = getBase58Decoder()

let peers: WalletPeer[] = []
/** A phone wallet with an EVM key and a Solana account of its own, funded with 10 SOL. */
async function phoneWallet() {
  const peer = await createWalletPeer({
    privateKey: generatePrivateKey(),
    name: 'Phone Wallet',
    solana: await fundedSolanaAccount(),
  })
  peers.push(peer)
  return peer as WalletPeer & { solanaAddress: Address }
}
test.afterEach(async () => {
  await Promise.all(peers.map((peer) => peer.close()))
  peers = []
})

/**
 * A site on the local Solana chain (its default) and Anvil: a phone wallet approves both, and
 * the site asking for Solana gets its Solana account.
 */
async function sitePage(page: Page) {
  await gotoSdkPage(page, { networks: [localnet, 'eip155:31337'], defaultNetwork: localnet })
  await waitForAirlock(page)
}

/** The site asks for Solana: the modal shows its wallets; the visitor picks WalletConnect. */
async function askForSolana(page: Page) {
  const connecting = page.evaluate(() => window.airlock!.solana.connect())
  await expectOpen(page, 'Connect Wallet')
  return { connecting, uri: await pickWalletConnect(page) }
}

/** The site asks for Solana; the visitor scans the QR code and the phone approves. */
async function connectOnSolana(page: Page, peer: WalletPeer) {
  const { connecting, uri } = await askForSolana(page)
  await peer.pair(uri)
  await peer.approve(await peer.nextProposal())
  return connecting
}

async function connectedPhone(page: Page) {
  const peer = await phoneWallet()
  await sitePage(page)
  await connectOnSolana(page, peer)
  return peer
}

/** Whether `signature` is `address`'s ed25519 signature of `message`. */
async function signedBy(address: string, message: Uint8Array, signature: number[]) {
  const key = await getPublicKeyFromAddress(address as Address)
  return verifySignature(key, new Uint8Array(signature) as SignatureBytes, message)
}

/** The site signs `text` through airlock.solana; the signature's bytes. */
const signMessage = (page: Page, text: string) =>
  page.evaluate(async (text) => {
    const { signature } = await window.airlock!.solana.signMessage(new TextEncoder().encode(text))
    return [...signature]
  }, text)

test('behavior: the site asks for Solana, the phone scans the QR code and approves: the site is connected on Solana', async ({
  page,
}) => {
  const peer = await phoneWallet()
  await sitePage(page)
  const { connecting, uri } = await askForSolana(page)
  await peer.pair(uri)
  const proposal = await peer.nextProposal()
  // The proposal asks for the local Solana chain with WalletConnect's Solana methods.
  expect(proposal.params.optionalNamespaces.solana).toMatchObject({ chains: [localnet] })
  expect(proposal.params.optionalNamespaces.solana!.methods).toEqual(
    expect.arrayContaining([
      'solana_signMessage',
      'solana_signTransaction',
      'solana_signAndSendTransaction',
    ]),
  )
  const { topic } = await peer.approve(proposal)
  expect(
    peer.sessions().find((session) => session.topic === topic)?.namespaces.solana,
  ).toMatchObject({ accounts: [`${localnet}:${peer.solanaAddress}`] })
  expect(await connecting).toEqual({ address: peer.solanaAddress })
  // connect() resolves once connected; the modal closes right after (a CI run read it still open).
  await page.waitForFunction(() => window.airlock!.getState().open === false)
  expect(await page.evaluate(() => window.airlock!.getState())).toMatchObject({
    status: 'connected',
    namespace: 'solana',
    chainId: localnet,
    address: peer.solanaAddress,
    caipAddress: `${localnet}:${peer.solanaAddress}`,
    connectorId: 'walletConnect',
    open: false,
  })
})

test("behavior: signMessage is the phone's ed25519 signature; a declined one rejects with Signature declined", async ({
  page,
}) => {
  const peer = await connectedPhone(page)
  const text = 'Sign in with your phone, on Solana'
  const signing = signMessage(page, text)
  const request = await nextRequestFor(peer, 'solana_signMessage')
  // Over WalletConnect as wallets take it: the message in base58, the account as pubkey.
  expect(request).toMatchObject({
    chainId: localnet,
    params: {
      message: base58.decode(new TextEncoder().encode(text)),
      pubkey: peer.solanaAddress,
    },
  })
  await peer.answer(request)
  const signature = await signing
  expect(signature).toHaveLength(64)
  expect(await signedBy(peer.solanaAddress, new TextEncoder().encode(text), signature)).toBe(true)
  // Not the signature of another message.
  expect(await signedBy(peer.solanaAddress, new TextEncoder().encode('other'), signature)).toBe(
    false,
  )

  const declined = page.evaluate(() =>
    window.airlock!.solana.signMessage(new TextEncoder().encode('again')).then(
      () => undefined,
      (error: { code: number; shortMessage: string }) => ({
        code: error.code,
        shortMessage: error.shortMessage,
      }),
    ),
  )
  await peer.rejectRequest(await nextRequestFor(peer, 'solana_signMessage'))
  expect(await declined).toEqual({ code: 4001, shortMessage: 'Signature declined' })
})

test('error: a phone answering signMessage with a short signature is refused in words; the site gets no bytes', async ({
  page,
}) => {
  const peer = await connectedPhone(page)
  const signing = page.evaluate(() =>
    window.airlock!.solana.signMessage(new TextEncoder().encode('hello')).then(
      (answer) => ({ answer: [...answer.signature] }),
      (error: { code: number; shortMessage: string }) => ({
        code: error.code,
        shortMessage: error.shortMessage,
      }),
    ),
  )
  const request = await nextRequestFor(peer, 'solana_signMessage')
  await peer.respond(request, { result: { signature: base58.decode(new Uint8Array(32).fill(9)) } })
  expect(await signing).toEqual({
    code: -32603,
    shortMessage: "The wallet's answer to solana_signMessage has no 64-byte base58 signature.",
  })
})

test('behavior: signTransaction signs without sending; a declined signAndSendTransaction moves nothing; an approved one lands the SOL transfer on the chain', async ({
  page,
}) => {
  const peer = await connectedPhone(page)
  peer.autoAnswer('answer')
  const receiver = (await generateKeyPairSigner()).address
  const amount = 1_500_000n

  const signOnly = await solanaTransfer(peer.solanaAddress, receiver, amount)
  const signedWire = await page.evaluate(async (bytes) => {
    const { signedTransaction } = await window.airlock!.solana.signTransaction(
      new Uint8Array(bytes),
    )
    return [...signedTransaction]
  }, signOnly)
  const signed = getTransactionDecoder().decode(new Uint8Array(signedWire))
  const ownSignature = signed.signatures[peer.solanaAddress]
  expect(ownSignature).toBeTruthy()
  expect(
    await signedBy(peer.solanaAddress, new Uint8Array(signed.messageBytes), [...ownSignature!]),
  ).toBe(true)
  const sentMessage = getTransactionDecoder().decode(new Uint8Array(signOnly)).messageBytes
  expect(new Uint8Array(signed.messageBytes)).toEqual(new Uint8Array(sentMessage))
  // Signing is not sending.
  expect(await solanaBalance(receiver)).toBe(0n)

  const transfer = await solanaTransfer(peer.solanaAddress, receiver, amount)
  // Declined on the phone: the site hears so, and nothing moves.
  peer.autoAnswer('reject')
  const declined = await page.evaluate(
    (bytes) =>
      window.airlock!.solana.signAndSendTransaction(new Uint8Array(bytes)).then(
        () => undefined,
        (error: { code: number; shortMessage: string }) => ({
          code: error.code,
          shortMessage: error.shortMessage,
        }),
      ),
    transfer,
  )
  expect(declined).toEqual({ code: 4001, shortMessage: 'Signature declined' })
  expect(await solanaBalance(receiver)).toBe(0n)

  peer.autoAnswer('answer')
  const before = await solanaBalance(peer.solanaAddress)
  const signature = await page.evaluate(async (bytes) => {
    const { signature } = await window.airlock!.solana.signAndSendTransaction(new Uint8Array(bytes))
    return [...signature]
  }, transfer)
  expect(signature).toHaveLength(64)
  // The signature the site got is the transaction's on the chain, and the receiver holds the SOL.
  const { value } = (await jsonRpc(solanaRpcUrl, 'getSignatureStatuses', [
    [base58.decode(new Uint8Array(signature))],
  ])) as { value: ({ err: unknown } | null)[] }
  expect(value[0]).toMatchObject({ err: null })
  expect(await solanaBalance(receiver)).toBe(amount)
  expect(await solanaBalance(peer.solanaAddress)).toBeLessThan(before - amount)
})

test("behavior: the visitor's own Send of SOL from the Account view is signed and sent by the phone", async ({
  page,
}) => {
  const peer = await connectedPhone(page)
  peer.autoAnswer('answer')
  const receiver = (await generateKeyPairSigner()).address
  await sendSolanaFromModal(page, 'SOL', '0.75', receiver)
  await expect(modal(page).frame.getByText('Sent 0.75 SOL')).toBeVisible()
  expect(await solanaBalance(receiver)).toBe(750_000_000n)
  expect(peer.requests.map(({ method }) => method)).toContain('solana_signAndSendTransaction')
})

test('behavior: a reload restores the Solana session without a prompt, and the phone still signs', async ({
  page,
}) => {
  const peer = await connectedPhone(page)
  const sessions = peer.sessions().length
  await sealedSessionSaved(page)
  await page.reload()
  await waitForAirlock(page)
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  expect(await page.evaluate(() => window.airlock!.getState())).toMatchObject({
    namespace: 'solana',
    chainId: localnet,
    address: peer.solanaAddress,
    connectorId: 'walletConnect',
    open: false,
  })
  // No new pairing: the same session, which still carries requests.
  expect(peer.sessions()).toHaveLength(sessions)
  peer.autoAnswer('answer')
  const text = 'after reload'
  expect(
    await signedBy(
      peer.solanaAddress,
      new TextEncoder().encode(text),
      await signMessage(page, text),
    ),
  ).toBe(true)
})
