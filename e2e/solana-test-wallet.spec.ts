// Self-test of the e2e Solana test wallet on a blank page, found the way apps find it (getWallets
// from @wallet-standard/app): registration both ways round, approvals, real ed25519 signing and
// sending to the local Solana RPC, and change events, before specs rely on it.
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import {
  createKeyPairFromBytes,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  type SignatureBytes,
  signTransaction,
  verifySignature,
} from '@solana/kit'
import type { Wallets } from '@wallet-standard/app'
import { build } from 'esbuild'
import { devUsdMint } from '../devchain/solanaDev.mjs'
import { origins } from './support/ports'
import {
  installSolanaTestWallet,
  solanaAccounts,
  solanaBalance,
  solanaRpcUrl,
  solanaTransfer,
  solanaUsdMint,
  tokenBalance,
} from './support/solanaTestWallet'
import { expect, test } from './support/test'
import { installTestWallet } from './support/testWallet'

const blank = `${origins.fixtures}/blank.html`
const root = fileURLToPath(new URL('../', import.meta.url))
const [alice, bob] = solanaAccounts

/** The app side: @wallet-standard/app bundled for the page, its registry on window.walletStandard. */
let appScript: Promise<string> | undefined
async function startApp(page: Page) {
  appScript ??= build({
    stdin: {
      contents:
        "import { getWallets } from '@wallet-standard/app'\nwindow.walletStandard = getWallets()",
      resolveDir: root,
    },
    bundle: true,
    format: 'iife',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]?.text ?? '')
  await page.addScriptTag({ content: await appScript })
}

type AppWindow = {
  walletStandard: Wallets
  walletChanges: { wallet: string; accounts: string[] | undefined }[]
}

/** The names of the wallets the app's registry holds. */
function discovered(page: Page) {
  return page.evaluate(() =>
    (window as unknown as AppWindow).walletStandard.get().map(({ name }) => name),
  )
}

type Outcome = { result: unknown } | { error: { name: string; message: string; code?: number } }

/**
 * Calls `features[feature][method]` of the discovered wallet `name` as an app would. Each input
 * gets the wallet's first account; number arrays in inputs become Uint8Arrays, and Uint8Arrays
 * in the answer come back as number arrays.
 */
function useWallet(
  page: Page,
  name: string,
  feature: string,
  method: string,
  inputs?: Record<string, unknown>[] | { silent: boolean },
): Promise<Outcome> {
  return page.evaluate(
    async ({ name, feature, method, inputs }) => {
      const wallet = (window as unknown as AppWindow).walletStandard
        .get()
        .find((candidate) => candidate.name === name)
      if (!wallet) throw new Error(`${name} was not discovered`)
      const account = wallet.accounts[0]
      const revive = (input: Record<string, unknown>) => ({
        account,
        ...Object.fromEntries(
          Object.entries(input).map(([key, value]) => [
            key,
            Array.isArray(value) ? Uint8Array.from(value as number[]) : value,
          ]),
        ),
      })
      const args = Array.isArray(inputs) ? inputs.map(revive) : inputs ? [inputs] : []
      const plain = (value: unknown): unknown => {
        if (value instanceof Uint8Array) return [...value]
        if (Array.isArray(value)) return value.map(plain)
        if (value && typeof value === 'object') {
          return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)]))
        }
        return value
      }
      const target = (
        wallet.features as Record<string, Record<string, (...args: unknown[]) => unknown>>
      )[feature]
      try {
        return { result: plain(await target?.[method]?.(...args)) }
      } catch (error) {
        const { name, message, code } = error as Error & { code?: number }
        return { error: { name, message, ...(code === undefined ? {} : { code }) } }
      }
    },
    { name, feature, method, inputs },
  )
}

const connect = (page: Page, name: string, silent = false) =>
  useWallet(page, name, 'standard:connect', 'connect', silent ? { silent } : undefined)

/** Records every change event of every discovered wallet; read with `changes(page)`. */
function listen(page: Page) {
  return page.evaluate(() => {
    const app = window as unknown as AppWindow
    app.walletChanges = []
    for (const wallet of app.walletStandard.get()) {
      const events = wallet.features['standard:events'] as {
        on(event: 'change', listener: (change: { accounts?: { address: string }[] }) => void): void
      }
      events.on('change', ({ accounts }) =>
        app.walletChanges.push({
          wallet: wallet.name,
          accounts: accounts?.map(({ address }) => address),
        }),
      )
    }
  })
}

const changes = (page: Page) => page.evaluate(() => (window as unknown as AppWindow).walletChanges)

const resultOf = <T>(outcome: Outcome): T => {
  if ('error' in outcome) throw new Error(`The wallet failed: ${outcome.error.message}`)
  return outcome.result as T
}

type ConnectResult = {
  accounts: { address: string; publicKey: number[]; chains: string[]; features: string[] }[]
}

test('behavior: an app loading after the wallet finds it through app-ready, with its name, icon and chains', async ({
  page,
}) => {
  await installSolanaTestWallet(page, { name: 'Solflare Test' })
  await page.goto(blank)
  await startApp(page)
  expect(await discovered(page)).toEqual(['Solflare Test'])
  const wallet = await page.evaluate(() => {
    const [found] = (window as unknown as AppWindow).walletStandard.get()
    return {
      version: found?.version,
      icon: found?.icon.slice(0, 26),
      chains: found?.chains,
      features: Object.keys(found?.features ?? {}).sort(),
      accounts: found?.accounts.length,
    }
  })
  expect(wallet).toEqual({
    version: '1.0.0',
    icon: 'data:image/svg+xml;base64,',
    chains: ['solana:localnet', 'solana:mainnet', 'solana:devnet'],
    features: [
      'solana:signAndSendTransaction',
      'solana:signMessage',
      'solana:signTransaction',
      'standard:connect',
      'standard:disconnect',
      'standard:events',
    ],
    accounts: 0,
  })
})

test('behavior: a late wallet registers with a listening app only when told, and on every later load', async ({
  page,
}) => {
  const late = await installSolanaTestWallet(page, { name: 'Late', register: 'late' })
  await installSolanaTestWallet(page, {
    name: 'Never',
    register: 'never',
    secretKey: bob.secretKey,
  })
  await page.goto(blank)
  await startApp(page)
  expect(await discovered(page)).toEqual([])
  await late.register()
  expect(await discovered(page)).toEqual(['Late'])
  await page.reload()
  await startApp(page)
  expect(await discovered(page)).toEqual(['Late'])
})

test('behavior: connect prompts, returns the account, and the origin stays authorised across reloads', async ({
  page,
}) => {
  const wallet = await installSolanaTestWallet(page, { name: 'Prompting', autoApprove: false })
  await page.goto(blank)
  await startApp(page)
  const connecting = connect(page, 'Prompting')
  const prompt = await wallet.nextApproval('standard:connect')
  expect(prompt.origin).toBe(origins.fixtures)
  expect(wallet.isAuthorized(origins.fixtures)).toBe(false)
  prompt.approve()
  const { accounts } = resultOf<ConnectResult>(await connecting)
  expect(accounts).toEqual([
    {
      address: alice.address,
      publicKey: [...wallet.publicKey],
      chains: ['solana:localnet', 'solana:mainnet', 'solana:devnet'],
      features: ['solana:signAndSendTransaction', 'solana:signTransaction', 'solana:signMessage'],
    },
  ])
  expect(wallet.address).toBe(alice.address)
  expect(
    await page.evaluate(
      () => (window as unknown as AppWindow).walletStandard.get()[0]?.accounts.length,
    ),
  ).toBe(1)

  await page.reload()
  await startApp(page)
  // A fresh document starts with no accounts; the site's earlier approval answers without a prompt.
  expect(
    await page.evaluate(
      () => (window as unknown as AppWindow).walletStandard.get()[0]?.accounts.length,
    ),
  ).toBe(0)
  expect(resultOf<ConnectResult>(await connect(page, 'Prompting')).accounts[0]?.address).toBe(
    alice.address,
  )
  expect(wallet.requests.map(({ method, origin }) => [method, origin])).toEqual([
    ['standard:connect', origins.fixtures],
    ['standard:connect', origins.fixtures],
  ])
})

test('behavior: a silent connect returns no accounts for an unauthorised origin and the account once authorised', async ({
  page,
}) => {
  const wallet = await installSolanaTestWallet(page, { name: 'Silent', autoApprove: false })
  await page.goto(blank)
  await startApp(page)
  expect(resultOf<ConnectResult>(await connect(page, 'Silent', true)).accounts).toEqual([])
  wallet.authorize(origins.fixtures)
  expect(
    resultOf<ConnectResult>(await connect(page, 'Silent', true)).accounts.map(
      ({ address }) => address,
    ),
  ).toEqual([alice.address])
  expect(wallet.requests.map(({ params }) => params)).toEqual([{ silent: true }, { silent: true }])
})

test('behavior: rejectNext fails the next prompt as a user rejection (4001), failNext with its message, and neither authorises', async ({
  page,
}) => {
  const wallet = await installSolanaTestWallet(page, { name: 'Rejecting' })
  await page.goto(blank)
  await startApp(page)
  wallet.rejectNext()
  expect(await connect(page, 'Rejecting')).toEqual({
    error: { name: 'UserRejectedRequestError', message: 'User rejected the request.', code: 4001 },
  })
  expect(wallet.isAuthorized(origins.fixtures)).toBe(false)
  wallet.failNext('Wallet is locked', 'standard:connect')
  expect(await connect(page, 'Rejecting')).toEqual({
    error: { name: 'Error', message: 'Wallet is locked', code: -32603 },
  })
  expect(wallet.isAuthorized(origins.fixtures)).toBe(false)
  expect(resultOf<ConnectResult>(await connect(page, 'Rejecting')).accounts).toHaveLength(1)
})

test('behavior: signMessage returns an ed25519 signature of the message bytes that verifies', async ({
  page,
}) => {
  const wallet = await installSolanaTestWallet(page, { name: 'Signer' })
  await page.goto(blank)
  await startApp(page)
  resultOf(await connect(page, 'Signer'))
  const message = [...new TextEncoder().encode('Sign in to Airlock')]
  const held = wallet.holdNext('solana:signMessage')
  const signing = useWallet(page, 'Signer', 'solana:signMessage', 'signMessage', [{ message }])
  const request = await held.waitForRequest()
  expect(request).toMatchObject({ method: 'solana:signMessage', origin: origins.fixtures })
  expect(request.params).toEqual([{ account: alice.address, message: new Uint8Array(message) }])
  held.approve()
  const [output] = resultOf<
    { signedMessage: number[]; signature: number[]; signatureType: string }[]
  >(await signing)
  expect(output?.signedMessage).toEqual(message)
  expect(output?.signature).toHaveLength(64)
  expect(output?.signatureType).toBe('ed25519')
  const key = await getPublicKeyFromAddress(alice.address)
  expect(
    await verifySignature(
      key,
      Uint8Array.from(output?.signature ?? []) as SignatureBytes,
      Uint8Array.from(message),
    ),
  ).toBe(true)

  wallet.rejectNext('solana:signMessage')
  expect(
    await useWallet(page, 'Signer', 'solana:signMessage', 'signMessage', [{ message }]),
  ).toEqual({
    error: { name: 'UserRejectedRequestError', message: 'User rejected the request.', code: 4001 },
  })
})

test('behavior: signing before connecting is refused as unauthorised', async ({ page }) => {
  const wallet = await installSolanaTestWallet(page, { name: 'Guarded' })
  await page.goto(blank)
  await startApp(page)
  const outcome = await page.evaluate(async (address) => {
    const [found] = (window as unknown as AppWindow).walletStandard.get()
    const feature = found?.features['solana:signMessage'] as {
      signMessage(input: object): Promise<unknown>
    }
    // A forged account object: the wallet checks the origin, not what the page hands it.
    const account = { address, publicKey: new Uint8Array(32), chains: [], features: [] }
    return feature.signMessage({ account, message: new Uint8Array([1]) }).then(
      () => 'signed',
      (error: Error & { code: number }) => error.code,
    )
  }, alice.address)
  expect(outcome).toBe(4100)
  expect(wallet.requests.map(({ method }) => method)).toEqual(['solana:signMessage'])
})

test('behavior: signTransaction fills this account signature slot of a wire transaction', async ({
  page,
}) => {
  await installSolanaTestWallet(page, { name: 'Tx Signer' })
  await page.goto(blank)
  await startApp(page)
  resultOf(await connect(page, 'Tx Signer'))
  const receiver = await generateKeyPairSigner()
  const transaction = await solanaTransfer(alice.address, receiver.address, 1_000n)
  const [output] = resultOf<{ signedTransaction: number[] }[]>(
    await useWallet(page, 'Tx Signer', 'solana:signTransaction', 'signTransaction', [
      { transaction, chain: 'solana:localnet' },
    ]),
  )
  const signed = getTransactionDecoder().decode(Uint8Array.from(output?.signedTransaction ?? []))
  const signature = signed.signatures[alice.address]
  expect(signature).toBeTruthy()
  const key = await getPublicKeyFromAddress(alice.address)
  expect(await verifySignature(key, signature as SignatureBytes, signed.messageBytes)).toBe(true)
  // Signing is not sending.
  expect(await solanaBalance(receiver.address)).toBe(0n)
})

test('behavior: signAndSendTransaction lands a SOL transfer on the chain and returns its signature', async ({
  page,
}) => {
  const wallet = await installSolanaTestWallet(page, { name: 'Sender' })
  await page.goto(blank)
  await startApp(page)
  resultOf(await connect(page, 'Sender'))
  const receiver = await generateKeyPairSigner()
  const before = await solanaBalance(alice.address)
  const transaction = await solanaTransfer(alice.address, receiver.address, 2_000_000n)
  const [output] = resultOf<{ signature: number[] }[]>(
    await useWallet(page, 'Sender', 'solana:signAndSendTransaction', 'signAndSendTransaction', [
      { transaction, chain: 'solana:localnet', options: { commitment: 'confirmed' } },
    ]),
  )
  expect(output?.signature).toHaveLength(64)
  expect(await solanaBalance(receiver.address)).toBe(2_000_000n)
  expect(await solanaBalance(alice.address)).toBeLessThan(before - 2_000_000n)
  const sent = wallet.requests.at(-1)
  expect(sent?.method).toBe('solana:signAndSendTransaction')
  expect(getBase58Decoder().decode(Uint8Array.from(output?.signature ?? []))).toMatch(
    /^[1-9A-HJ-NP-Za-km-z]{64,88}$/,
  )
})

test('behavior: a transaction that fails simulation surfaces the RPC error and moves nothing', async ({
  page,
}) => {
  await installSolanaTestWallet(page, { name: 'Overspender' })
  await page.goto(blank)
  await startApp(page)
  resultOf(await connect(page, 'Overspender'))
  const receiver = await generateKeyPairSigner()
  // Far more than the dev account holds.
  const transaction = await solanaTransfer(alice.address, receiver.address, 10n ** 18n)
  const outcome = await useWallet(
    page,
    'Overspender',
    'solana:signAndSendTransaction',
    'signAndSendTransaction',
    [{ transaction, chain: 'solana:localnet' }],
  )
  // The same transaction signed here and sent straight to the node fails with the same words.
  const signed = await signTransaction(
    [await createKeyPairFromBytes(alice.secretKey)],
    getTransactionDecoder().decode(Uint8Array.from(transaction)),
  )
  const direct = await fetch(solanaRpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [getBase64EncodedWireTransaction(signed), { encoding: 'base64' }],
    }),
  })
  const { error } = (await direct.json()) as { error: { code: number; message: string } }
  expect(error.message).toMatch(/^Transaction simulation failed: /)
  expect(outcome).toEqual({ error: { name: 'Error', code: error.code, message: error.message } })
  expect(await solanaBalance(receiver.address)).toBe(0n)
})

test('behavior: setAccount and disconnectFromWallet emit change events with the new accounts', async ({
  page,
}) => {
  const wallet = await installSolanaTestWallet(page, { name: 'Switcher' })
  await page.goto(blank)
  await startApp(page)
  await listen(page)
  resultOf(await connect(page, 'Switcher'))
  await wallet.setAccount(bob.secretKey)
  expect(wallet.address).toBe(bob.address)
  await wallet.disconnectFromWallet()
  expect(await changes(page)).toEqual([
    { wallet: 'Switcher', accounts: [alice.address] },
    { wallet: 'Switcher', accounts: [bob.address] },
    { wallet: 'Switcher', accounts: [] },
  ])
  expect(wallet.isAuthorized(origins.fixtures)).toBe(false)
  expect(resultOf<ConnectResult>(await connect(page, 'Switcher', true)).accounts).toEqual([])
})

test('behavior: standard:disconnect empties the accounts and the next connect prompts again', async ({
  page,
}) => {
  const wallet = await installSolanaTestWallet(page, { name: 'Leaving' })
  await page.goto(blank)
  await startApp(page)
  await listen(page)
  resultOf(await connect(page, 'Leaving'))
  resultOf(await useWallet(page, 'Leaving', 'standard:disconnect', 'disconnect'))
  expect(wallet.isAuthorized(origins.fixtures)).toBe(false)
  expect(await changes(page)).toEqual([
    { wallet: 'Leaving', accounts: [alice.address] },
    { wallet: 'Leaving', accounts: [] },
  ])
  wallet.rejectNext('standard:connect')
  expect(await connect(page, 'Leaving')).toMatchObject({ error: { code: 4001 } })
})

test('behavior: an EVM and a Solana test wallet of the same name make one dual wallet', async ({
  page,
}) => {
  const evm = await installTestWallet(page, { name: 'Phantom', rdns: 'app.phantom' })
  const solana = await installSolanaTestWallet(page, { name: 'Phantom' })
  await page.goto(blank)
  await startApp(page)
  expect(await discovered(page)).toEqual(['Phantom'])
  const announced = await page.evaluate(() => {
    const names: string[] = []
    const onAnnounce = (event: Event) => names.push((event as CustomEvent).detail.info.name)
    addEventListener('eip6963:announceProvider', onAnnounce)
    dispatchEvent(new Event('eip6963:requestProvider'))
    removeEventListener('eip6963:announceProvider', onAnnounce)
    return names
  })
  expect(announced).toEqual(['Phantom'])
  expect(await evm.requestFromPage('eth_requestAccounts')).toEqual({ result: [evm.address] })
  expect(resultOf<ConnectResult>(await connect(page, 'Phantom')).accounts[0]?.address).toBe(
    solana.address,
  )
  expect(evm.requests.map(({ method }) => method)).toEqual(['eth_requestAccounts'])
  expect(solana.requests.map(({ method }) => method)).toEqual(['standard:connect'])
})

test("behavior: tokenBalance reads an owner's associated token account, 0 without one", async () => {
  const response = await fetch(solanaRpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'getTokenAccountBalance',
      params: [devUsdMint.seeded.tokenAccount],
    }),
  })
  const { result } = (await response.json()) as { result: { value: { amount: string } } }
  expect(await tokenBalance(alice.address, solanaUsdMint)).toBe(BigInt(result.value.amount))
  expect(BigInt(result.value.amount)).toBeGreaterThan(0n)
  expect(await tokenBalance((await generateKeyPairSigner()).address)).toBe(0n)
  expect(await solanaBalance((await generateKeyPairSigner()).address)).toBe(0n)
})
