// Self-test of the e2e test wallet on a blank page: EIP-6963 discovery, approvals, real signing
// and sending on anvil, chain switching and provider events, before specs rely on it.
import type { Frame, Page } from '@playwright/test'
import { parseEther, toHex, verifyMessage, verifyTypedData } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { origins } from './support/ports'
import { expect, test } from './support/test'
import { anvilAccounts, anvilClient, anvilRpcUrl, installTestWallet } from './support/testWallet'

const blank = `${origins.fixtures}/blank.html`

type Announced = {
  uuid: string
  name: string
  icon: string
  rdns: string
  frozen: boolean
  hasProvider: boolean
}

/** What a dapp sees when it asks for providers: every announcement answering requestProvider. */
function discover(target: Page | Frame) {
  return target.evaluate(() => {
    const found: Announced[] = []
    const onAnnounce = (event: Event) => {
      const detail = (event as CustomEvent).detail
      found.push({
        ...detail.info,
        frozen: Object.isFrozen(detail) && Object.isFrozen(detail.info),
        hasProvider: typeof detail.provider?.request === 'function',
      })
    }
    addEventListener('eip6963:announceProvider', onAnnounce)
    dispatchEvent(new Event('eip6963:requestProvider'))
    removeEventListener('eip6963:announceProvider', onAnnounce)
    return found
  })
}

/** Subscribes, through the discovered provider, to its events; read them with `events(page)`. */
function listen(page: Page, rdns: string) {
  return page.evaluate((rdns) => {
    const scope = window as unknown as { walletEvents: [string, unknown][] }
    scope.walletEvents = []
    const onAnnounce = (event: Event) => {
      const { info, provider } = (event as CustomEvent).detail
      if (info.rdns !== rdns) return
      removeEventListener('eip6963:announceProvider', onAnnounce)
      for (const name of ['accountsChanged', 'chainChanged', 'connect', 'disconnect']) {
        provider.on(name, (payload: unknown) => {
          const value =
            payload instanceof Error
              ? { code: (payload as Error & { code: number }).code, message: payload.message }
              : payload
          scope.walletEvents.push([name, value])
        })
      }
    }
    addEventListener('eip6963:announceProvider', onAnnounce)
    dispatchEvent(new Event('eip6963:requestProvider'))
  }, rdns)
}

function events(page: Page) {
  return page.evaluate(
    () => (window as unknown as { walletEvents: [string, unknown][] }).walletEvents,
  )
}

test('behavior: requestProvider discovers two wallets with their own rdns and uuid', async ({
  page,
}) => {
  const alpha = await installTestWallet(page, { name: 'Alpha', rdns: 'com.example.alpha' })
  await installTestWallet(page, { name: 'Beta', rdns: 'org.example.beta' })
  await page.goto(blank)
  const found = await discover(page)
  expect(found.map(({ rdns }) => rdns).sort()).toEqual(['com.example.alpha', 'org.example.beta'])
  for (const info of found) {
    expect(info.uuid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    expect(info.icon).toMatch(/^data:image\/svg\+xml/)
    expect(info).toMatchObject({ frozen: true, hasProvider: true })
  }
  expect(new Set(found.map(({ uuid }) => uuid)).size).toBe(2)
  // A new page load is a new uuid; the provider answers through the Node wallet.
  const before = found.find(({ rdns }) => rdns === alpha.rdns)?.uuid
  await page.reload()
  const after = (await discover(page)).find(({ rdns }) => rdns === alpha.rdns)?.uuid
  expect(after).toBeTruthy()
  expect(after).not.toBe(before)
  expect(await alpha.requestFromPage('eth_chainId')).toEqual({ result: '0x7a69' })
  expect(await alpha.requestFromPage('net_version')).toEqual({ result: '31337' })
  expect(alpha.requests.at(-1)).toEqual({
    method: 'net_version',
    params: undefined,
    origin: origins.fixtures,
  })
})

test('behavior: a late wallet announces only when told, then answers requestProvider', async ({
  page,
}) => {
  const late = await installTestWallet(page, {
    name: 'Late',
    rdns: 'com.example.late',
    announce: 'late',
  })
  await page.goto(blank)
  expect(await discover(page)).toEqual([])
  const heard = page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        addEventListener('eip6963:announceProvider', (event) =>
          resolve((event as CustomEvent).detail.info.rdns),
        ),
      ),
  )
  await late.announce()
  expect(await heard).toBe('com.example.late')
  expect((await discover(page)).map(({ rdns }) => rdns)).toEqual(['com.example.late'])
  // The extension stays loaded across reloads.
  await page.reload()
  expect((await discover(page)).map(({ rdns }) => rdns)).toEqual(['com.example.late'])
})

test('behavior: a legacy-only wallet sets window.ethereum and announces nothing', async ({
  page,
}) => {
  await installTestWallet(page, {
    name: 'Old',
    rdns: 'com.example.old',
    announce: 'never',
    legacy: true,
  })
  await page.goto(blank)
  expect(await discover(page)).toEqual([])
  const chainId = await page.evaluate(() =>
    (
      window as unknown as { ethereum: { request(args: unknown): Promise<unknown> } }
    ).ethereum.request({ method: 'eth_chainId' }),
  )
  expect(chainId).toBe('0x7a69')
})

test('behavior: eth_requestAccounts is approved and remembered for the origin', async ({
  page,
}) => {
  const wallet = await installTestWallet(page, { name: 'Alpha', rdns: 'com.example.alpha' })
  await page.goto(blank)
  await listen(page, wallet.rdns)
  expect(await wallet.requestFromPage('eth_accounts')).toEqual({ result: [] })
  expect(wallet.isAuthorized(origins.fixtures)).toBe(false)
  expect(await wallet.requestFromPage('eth_requestAccounts')).toEqual({ result: [wallet.address] })
  expect(wallet.address).toBe(anvilAccounts[0].address)
  expect(wallet.isAuthorized(origins.fixtures)).toBe(true)
  expect(await wallet.requestFromPage('eth_accounts')).toEqual({ result: [wallet.address] })
  expect(await events(page)).toEqual([['accountsChanged', [wallet.address]]])
  const permissions = await wallet.requestFromPage('wallet_getPermissions')
  expect(permissions).toMatchObject({
    result: [{ parentCapability: 'eth_accounts', invoker: origins.fixtures }],
  })
  await page.reload()
  expect(await wallet.requestFromPage('eth_accounts')).toEqual({ result: [wallet.address] })
  // Another origin is not authorised.
  await page.goto(`${origins.hostile}/blank.html`)
  expect(await wallet.requestFromPage('eth_accounts')).toEqual({ result: [] })
  expect(wallet.requests.at(-1)?.origin).toBe(origins.hostile)
})

test('behavior: rejected, failed and held prompts reach the page as EIP-1193 errors', async ({
  page,
}) => {
  const wallet = await installTestWallet(page, { name: 'Alpha', rdns: 'com.example.alpha' })
  await page.goto(blank)
  wallet.rejectNext()
  const rejected = await page.evaluate(async () => {
    const provider = await new Promise<{ request(args: unknown): Promise<unknown> }>((resolve) => {
      addEventListener('eip6963:announceProvider', (event) =>
        resolve((event as CustomEvent).detail.provider),
      )
      dispatchEvent(new Event('eip6963:requestProvider'))
    })
    try {
      await provider.request({ method: 'eth_requestAccounts' })
      return null
    } catch (error) {
      const { code, message } = error as { code: number; message: string }
      return { code, message, isError: error instanceof Error }
    }
  })
  expect(rejected).toEqual({ code: 4001, message: 'User rejected the request.', isError: true })
  expect(wallet.isAuthorized(origins.fixtures)).toBe(false)
  expect(await wallet.requestFromPage('eth_accounts')).toEqual({ result: [] })
  // A scripted answer for one method leaves other prompts alone.
  wallet.rejectNext('personal_sign')
  expect(await wallet.requestFromPage('eth_requestAccounts')).toEqual({ result: [wallet.address] })
  const message = toHex('hello')
  expect(await wallet.requestFromPage('personal_sign', [message, wallet.address])).toMatchObject({
    error: { code: 4001 },
  })
  wallet.failNext(-32603, 'Ledger unplugged')
  expect(await wallet.requestFromPage('personal_sign', [message, wallet.address])).toEqual({
    error: { code: -32603, message: 'Ledger unplugged' },
  })
  // A held request can be inspected before the answer.
  const hold = wallet.holdNext('personal_sign')
  const reply = wallet.requestFromPage('personal_sign', [message, wallet.address])
  expect(await hold.waitForRequest()).toEqual({
    method: 'personal_sign',
    params: [message, wallet.address],
    origin: origins.fixtures,
  })
  hold.approve()
  expect(await reply).toMatchObject({ result: expect.stringMatching(/^0x[0-9a-f]{130}$/) })
  // Unknown methods and unauthorised signing.
  expect(await wallet.requestFromPage('eth_sign', [wallet.address, message])).toMatchObject({
    error: { code: 4200 },
  })
  expect(
    await wallet.requestFromPage('personal_sign', [message, anvilAccounts[1].address]),
  ).toMatchObject({ error: { code: 4100 } })
})

test('behavior: with autoApprove off a prompt waits for the test', async ({ page }) => {
  const wallet = await installTestWallet(page, {
    name: 'Careful',
    rdns: 'com.example.careful',
    autoApprove: false,
  })
  await page.goto(blank)
  const reply = wallet.requestFromPage('eth_requestAccounts')
  const prompt = await wallet.nextApproval('eth_requestAccounts')
  expect(prompt).toMatchObject({ method: 'eth_requestAccounts', origin: origins.fixtures })
  expect(await wallet.requestFromPage('eth_requestAccounts')).toMatchObject({
    error: { code: -32002 },
  })
  prompt.approve()
  expect(await reply).toEqual({ result: [wallet.address] })
})

test('behavior: personal_sign and eth_signTypedData_v4 signatures verify', async ({ page }) => {
  const wallet = await installTestWallet(page, { name: 'Alpha', rdns: 'com.example.alpha' })
  await page.goto(blank)
  await wallet.requestFromPage('eth_requestAccounts')
  const signed = await wallet.requestFromPage('personal_sign', [
    toHex('Sign in to Airlock'),
    wallet.address,
  ])
  if (!('result' in signed)) throw new Error(`personal_sign failed: ${signed.error.message}`)
  const signature = signed.result as `0x${string}`
  expect(
    await verifyMessage({ address: wallet.address, message: 'Sign in to Airlock', signature }),
  ).toBe(true)
  const typed = {
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
      ],
      Mail: [
        { name: 'to', type: 'address' },
        { name: 'contents', type: 'string' },
      ],
    },
    primaryType: 'Mail',
    domain: { name: 'Airlock', version: '1', chainId: 31337 },
    message: { to: anvilAccounts[1].address, contents: 'hi' },
  } as const
  const typedReply = await wallet.requestFromPage('eth_signTypedData_v4', [
    wallet.address,
    JSON.stringify(typed),
  ])
  if (!('result' in typedReply)) throw new Error(`typed data failed: ${typedReply.error.message}`)
  expect(
    await verifyTypedData({
      address: wallet.address,
      types: { Mail: typed.types.Mail },
      primaryType: 'Mail',
      domain: typed.domain,
      message: typed.message,
      signature: typedReply.result as `0x${string}`,
    }),
  ).toBe(true)
})

test('behavior: eth_sendTransaction moves ETH on anvil', async ({ page }) => {
  const sender = anvilAccounts[2]
  const wallet = await installTestWallet(page, {
    name: 'Alpha',
    rdns: 'com.example.alpha',
    privateKey: sender.privateKey,
  })
  const client = anvilClient()
  const to = privateKeyToAddress(generatePrivateKey())
  const value = parseEther('1.25')
  await page.goto(blank)
  await wallet.requestFromPage('eth_requestAccounts')
  const before = await client.getBalance({ address: sender.address })
  const sent = await wallet.requestFromPage('eth_sendTransaction', [
    { from: sender.address, to, value: toHex(value) },
  ])
  if (!('result' in sent)) throw new Error(`send failed: ${sent.error.message}`)
  const hash = sent.result as `0x${string}`
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 100 })
  expect(receipt.status).toBe('success')
  expect(await client.getBalance({ address: to })).toBe(value)
  const after = await client.getBalance({ address: sender.address })
  expect(before - after).toBe(value + receipt.gasUsed * receipt.effectiveGasPrice)
  // The page sees the same chain through the wallet's read-only proxy.
  const pageReceipt = await wallet.requestFromPage('eth_getTransactionReceipt', [hash])
  expect(pageReceipt).toMatchObject({ result: { transactionHash: hash, status: '0x1' } })
  expect(await wallet.requestFromPage('eth_getBalance', [to, 'latest'])).toEqual({
    result: toHex(value),
  })
  // Rejected sends leave the chain alone.
  wallet.rejectNext('eth_sendTransaction')
  expect(
    await wallet.requestFromPage('eth_sendTransaction', [
      { from: sender.address, to, value: toHex(value) },
    ]),
  ).toMatchObject({ error: { code: 4001 } })
  expect(await client.getBalance({ address: to })).toBe(value)
})

test('behavior: switching to an unknown chain fails with 4902; added chains switch', async ({
  page,
}) => {
  const wallet = await installTestWallet(page, { name: 'Alpha', rdns: 'com.example.alpha' })
  await page.goto(blank)
  await listen(page, wallet.rdns)
  expect(
    await wallet.requestFromPage('wallet_switchEthereumChain', [{ chainId: '0x539' }]),
  ).toMatchObject({
    error: { code: 4902, message: expect.stringMatching(/^Unrecognized chain ID/) },
  })
  expect(
    await wallet.requestFromPage('wallet_addEthereumChain', [
      {
        chainId: '0x539',
        chainName: 'Local 1337',
        rpcUrls: [anvilRpcUrl],
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ]),
  ).toEqual({ result: null })
  expect(await wallet.requestFromPage('eth_chainId')).toEqual({ result: '0x7a69' })
  expect(
    await wallet.requestFromPage('wallet_switchEthereumChain', [{ chainId: '0x539' }]),
  ).toEqual({ result: null })
  expect(await events(page)).toEqual([['chainChanged', '0x539']])
  expect(await wallet.requestFromPage('eth_chainId')).toEqual({ result: '0x539' })
  expect(wallet.chainId).toBe(1337)
  wallet.rejectNext()
  expect(
    await wallet.requestFromPage('wallet_switchEthereumChain', [{ chainId: '0x7a69' }]),
  ).toMatchObject({ error: { code: 4001 } })
  expect(wallet.chainId).toBe(1337)
})

test('behavior: account, revoke and disconnect events reach the page', async ({ page }) => {
  const wallet = await installTestWallet(page, { name: 'Alpha', rdns: 'com.example.alpha' })
  await page.goto(blank)
  await listen(page, wallet.rdns)
  await wallet.emit('accountsChanged', [anvilAccounts[1].address])
  expect(await events(page)).toEqual([['accountsChanged', [anvilAccounts[1].address]]])
  await wallet.requestFromPage('eth_requestAccounts')
  await wallet.setAccount(anvilAccounts[1].privateKey)
  expect(await wallet.requestFromPage('eth_accounts')).toEqual({
    result: [anvilAccounts[1].address],
  })
  expect(await wallet.requestFromPage('wallet_revokePermissions', [{ eth_accounts: {} }])).toEqual({
    result: null,
  })
  expect(wallet.isAuthorized(origins.fixtures)).toBe(false)
  await wallet.requestFromPage('eth_requestAccounts')
  await wallet.disconnectFromWallet()
  expect(wallet.isAuthorized(origins.fixtures)).toBe(false)
  expect(await events(page)).toEqual([
    ['accountsChanged', [anvilAccounts[1].address]],
    ['accountsChanged', [anvilAccounts[0].address]],
    ['accountsChanged', [anvilAccounts[1].address]],
    ['accountsChanged', []],
    ['accountsChanged', [anvilAccounts[1].address]],
    ['accountsChanged', []],
    ['disconnect', { code: 4900, message: 'The provider is disconnected.' }],
  ])
})

test('behavior: frames get no shim, and a frame calling the binding is refused', async ({
  page,
}) => {
  const wallet = await installTestWallet(page, { name: 'Alpha', rdns: 'com.example.alpha' })
  await page.goto(blank)
  await page.evaluate((src) => {
    const frame = document.createElement('iframe')
    frame.src = src
    document.body.append(frame)
    return new Promise((resolve) => frame.addEventListener('load', resolve))
  }, `${origins.hostile}/blank.html`)
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame())
  if (!frame) throw new Error('no frame')
  expect(await discover(frame)).toEqual([])
  const fromFrame = await frame.evaluate(async () => {
    const scope = window as unknown as Record<string, (args: unknown) => Promise<unknown>>
    return scope.__testWallet_com_example_alpha?.({ method: 'eth_requestAccounts' })
  })
  expect(fromFrame).toMatchObject({ error: { code: 4100 } })
  expect(wallet.isAuthorized(origins.hostile)).toBe(false)
})
