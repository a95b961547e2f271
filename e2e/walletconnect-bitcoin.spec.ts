// Journey: a visitor connects a phone wallet on Bitcoin through WalletConnect. The site asks for
// Bitcoin (airlock.bitcoin.connect()), the modal shows a QR code, and the wallet (a real
// sign-client in the test process with a secp256k1 key and a regtest payment address) pairs
// through the local relay and approves its bip122 account. The site then reads its addresses,
// has a message signed (BIP-322, verified here), and sends BTC: by the phone's own transfer, and
// by a PSBT the modal builds, the phone signs and the modal broadcasts; the Esplora stand-in's
// ledger applies both. A declined request rejects with 4001; a reload keeps the session.

import { bitcoinNetworkParams, verifyBitcoinMessage } from '@airlock/protocol/bitcoin'
import type { Page } from '@playwright/test'
import { p2wpkh, Transaction } from '@scure/btc-signer'
import { generatePrivateKey } from 'viem/accounts'
import {
  bitcoinBalance,
  esploraUrl,
  freshBitcoinAddress,
  fundBitcoin,
  regtest,
} from './support/bitcoinTestWallet'
import { expectOpen, waitForAirlock } from './support/modal'
import { bitcoinProject } from './support/operator'
import { gotoSdkPage } from './support/sdkPage'
import { expect, test } from './support/test'
import { nextRequestFor, pickWalletConnect, sealedSessionSaved } from './support/walletConnect'
import { createWalletPeer, type WalletPeer } from './support/walletPeer'
import { bitcoinPeerAccount } from './support/walletPeerBitcoin'

let peers: WalletPeer[] = []
test.afterEach(async () => {
  await Promise.all(peers.map((peer) => peer.close()))
  peers = []
})

/** The Bitcoin project's page; the site asks for Bitcoin; the phone scans and approves. */
async function connectedPhone(page: Page) {
  const bitcoin = bitcoinPeerAccount()
  const peer = await createWalletPeer({
    privateKey: generatePrivateKey(),
    name: 'Phone Wallet',
    bitcoin,
  })
  peers.push(peer)
  await gotoSdkPage(page, { projectId: bitcoinProject })
  await waitForAirlock(page)
  const connecting = page.evaluate(() => window.airlock!.bitcoin.connect())
  await expectOpen(page, 'Connect Wallet')
  await peer.pair(await pickWalletConnect(page))
  const proposal = await peer.nextProposal()
  // The proposal asks for regtest with WalletConnect's bip122 methods.
  expect(proposal.params.optionalNamespaces.bip122).toMatchObject({
    chains: [regtest],
    methods: ['sendTransfer', 'signMessage', 'signPsbt', 'getAccountAddresses'],
  })
  await peer.approve(proposal)
  expect(await connecting).toEqual({ address: bitcoin.address })
  return { peer, bitcoin }
}

test('behavior: the phone connects on Bitcoin by QR; the site reads its address and gets a BIP-322 signature; a declined one rejects with 4001', async ({
  page,
}) => {
  const { peer, bitcoin } = await connectedPhone(page)
  expect(await page.evaluate(() => window.airlock!.getState())).toMatchObject({
    status: 'connected',
    namespace: 'bip122',
    chainId: regtest,
    address: bitcoin.address,
  })
  peer.autoAnswer('answer')
  expect(
    (await page.evaluate(() => window.airlock!.bitcoin.getAccountAddresses())).map(
      ({ address, purpose }) => [address, purpose],
    ),
  ).toEqual([[bitcoin.address, 'payment']])
  // Read from the phone (its public key with it), not only the session's accounts.
  expect(peer.requests.find(({ method }) => method === 'getAccountAddresses')?.params).toEqual({
    account: bitcoin.address,
    intentions: ['payment', 'ordinal'],
  })
  const { signature } = await page.evaluate(() =>
    window.airlock!.bitcoin.signMessage({ message: 'Sign in from the phone' }),
  )
  expect(
    await verifyBitcoinMessage({
      address: bitcoin.address,
      message: 'Sign in from the phone',
      signature,
      network: bitcoinNetworkParams.regtest,
    }),
  ).toBe(true)
  expect(peer.requests.find(({ method }) => method === 'signMessage')).toMatchObject({
    chainId: regtest,
    params: {
      account: bitcoin.address,
      address: bitcoin.address,
      message: 'Sign in from the phone',
    },
  })

  peer.autoAnswer('off')
  const declined = page.evaluate(() =>
    window.airlock!.bitcoin.signMessage({ message: 'no' }).then(
      () => undefined,
      (error: { code: number; shortMessage: string }) => ({
        code: error.code,
        shortMessage: error.shortMessage,
      }),
    ),
  )
  await peer.rejectRequest(await nextRequestFor(peer, 'signMessage'))
  expect(await declined).toEqual({ code: 4001, shortMessage: 'Signature declined' })
})

test('behavior: BTC sent by the phone’s transfer, and by the site’s PSBT the phone signs and the modal broadcasts, lands on regtest; another network’s recipient never reaches the phone', async ({
  page,
}) => {
  const { peer, bitcoin } = await connectedPhone(page)
  await fundBitcoin(bitcoin.address, 200_000)
  peer.autoAnswer('answer')
  const first = freshBitcoinAddress()
  const { txid } = await page.evaluate(
    (recipientAddress) =>
      window.airlock!.bitcoin.sendTransfer({ recipientAddress, amount: '30000' }),
    first,
  )
  expect(txid).toMatch(/^[0-9a-f]{64}$/)
  expect(await bitcoinBalance(first)).toBe(30_000)

  // The site's own PSBT, built here from the phone's coin: signed by the phone, broadcast by the
  // modal once it is the same transaction, signed.
  const second = freshBitcoinAddress()
  const [coin] = (await (await fetch(`${esploraUrl}/address/${bitcoin.address}/utxo`)).json()) as {
    txid: string
    vout: number
    value: number
  }[]
  const psbt = new Transaction()
  psbt.addInput({
    txid: coin!.txid,
    index: coin!.vout,
    witnessUtxo: {
      script: p2wpkh(bitcoin.publicKey, bitcoinNetworkParams.regtest).script,
      amount: BigInt(coin!.value),
    },
  })
  psbt.addOutputAddress(second, 20_000n, bitcoinNetworkParams.regtest)
  psbt.addOutputAddress(
    bitcoin.address,
    BigInt(coin!.value - 20_000 - 500),
    bitcoinNetworkParams.regtest,
  )
  const signed = await page.evaluate(
    (psbt) => window.airlock!.bitcoin.signPsbt({ psbt, broadcast: true }),
    Buffer.from(psbt.toPSBT()).toString('base64'),
  )
  expect(signed.txid).toMatch(/^[0-9a-f]{64}$/)
  expect(await bitcoinBalance(second)).toBe(20_000)
  expect(peer.requests.find(({ method }) => method === 'signPsbt')?.params).toMatchObject({
    account: bitcoin.address,
    signInputs: [{ address: bitcoin.address, index: 0 }],
    broadcast: false,
  })

  const requestsBefore = peer.requests.length
  const refused = await page.evaluate(() =>
    window
      .airlock!.bitcoin.sendTransfer({
        recipientAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
        amount: '1000',
      })
      .then(
        () => 'sent',
        (error: Error & { code?: number }) => `${error.code}: ${error.message}`,
      ),
  )
  expect(refused).toBe('-32602: That is not a Bitcoin Regtest address.')
  expect(peer.requests.length).toBe(requestsBefore)
})

test('behavior: a reload restores the Bitcoin session without a prompt, and the phone still signs', async ({
  page,
}) => {
  const { peer, bitcoin } = await connectedPhone(page)
  await sealedSessionSaved(page, bitcoinProject)
  await page.reload()
  await waitForAirlock(page)
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  expect(await page.evaluate(() => window.airlock!.getState().address)).toBe(bitcoin.address)
  peer.autoAnswer('answer')
  const { signature } = await page.evaluate(() =>
    window.airlock!.bitcoin.signMessage({ message: 'after reload' }),
  )
  expect(
    await verifyBitcoinMessage({
      address: bitcoin.address,
      message: 'after reload',
      signature,
      network: bitcoinNetworkParams.regtest,
    }),
  ).toBe(true)
})
