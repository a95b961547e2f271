import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { knownNamespaces } from '@airlock/protocol'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { builtinRegistryFile } from './builtin'
import {
  imageTypeOf,
  maxLogoBytes,
  parseRegistryFile,
  readRegistryFile,
  WalletRegistryFileError,
} from './registryFile'

const metaMask = {
  id: 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96',
  name: 'MetaMask',
  rdns: 'io.metamask',
  namespaces: ['eip155'],
  rank: 10,
  mobile: { native: 'metamask://', universal: 'https://metamask.app.link' },
}

const refusal = (json: unknown) => {
  try {
    parseRegistryFile(json, 'wallets.json')
  } catch (error) {
    expect(error).toBeInstanceOf(WalletRegistryFileError)
    return (error as Error).message
  }
  throw new Error('the file was accepted')
}

describe('the built-in registry', () => {
  test("behavior: it is valid, with its logos, and holds today's major wallets with their rdns", async () => {
    const wallets = await readRegistryFile(builtinRegistryFile)
    expect(wallets.length).toBeGreaterThan(80)
    const byName = new Map(wallets.map((wallet) => [wallet.name, wallet]))
    for (const [name, rdns] of [
      ['MetaMask', 'io.metamask'],
      ['Coinbase Wallet', 'com.coinbase.wallet'],
      ['Phantom', 'app.phantom'],
      ['Rabby Wallet', 'io.rabby'],
      ['OKX Wallet', 'com.okex.wallet'],
      ['Zerion', 'io.zerion.wallet'],
      ['Backpack', 'app.backpack'],
      ['Uniswap Wallet', 'org.uniswap.app'],
      ['Brave Wallet', 'com.brave.wallet'],
      ['Trust Wallet', 'com.trustwallet.app'],
      ['Rainbow', 'me.rainbow'],
      ['Solflare', 'com.solflare'],
    ])
      expect(byName.get(name!)?.rdns, name).toBe(rdns)
    // Merged with the 2021 entries, not duplicated: the 2021 ids stay.
    expect(byName.get('Trust Wallet')?.id).toBe(
      '4622a2b2d6af1c9844944291e5e7351a6aa24cd7b23099efac1b2fd875da31a0',
    )
    expect(byName.get('Phantom')?.namespaces).toEqual(['eip155', 'solana', 'bip122'])
    // Every namespace of the spec has wallets.
    for (const namespace of knownNamespaces)
      expect(
        wallets.some((wallet) => wallet.namespaces.includes(namespace)),
        namespace,
      ).toBe(true)
    expect(wallets.filter((wallet) => wallet.image !== undefined).length).toBeGreaterThan(50)
    expect(wallets.filter((wallet) => wallet.recommended).length).toBeGreaterThanOrEqual(4)
  })
})

describe('parseRegistryFile', () => {
  test('behavior: defaults fill what a wallet may leave out', () => {
    expect(
      parseRegistryFile(
        { wallets: [{ id: 'w', name: ' Wallet ', namespaces: ['solana'], rank: 1 }] },
        'f',
      ),
    ).toEqual([
      {
        id: 'w',
        name: 'Wallet',
        namespaces: ['solana'],
        rank: 1,
        recommended: false,
        mobile: {},
        desktop: {},
        stores: {},
      },
    ])
  })

  test.each([
    [[], 'file: Invalid input'],
    [{ wallets: [] }, 'wallets: must list at least one wallet'],
    [{ wallets: [metaMask], extra: 1 }, 'Unrecognized key: "extra"'],
    [
      {
        wallets: [metaMask, { ...metaMask, id: 'other', rdns: 'io.metamask.flask', rank: 'first' }],
      },
      'wallets[1] (MetaMask) rank: is required: a whole number, lower is listed first',
    ],
    [
      { wallets: [{ ...metaMask, rdns: 'metamask' }] },
      'wallets[0] (MetaMask) rdns: must be a reverse-DNS id such as io.metamask',
    ],
    [
      { wallets: [{ ...metaMask, namespaces: ['eip155', 'tron'] }] },
      'wallets[0] (MetaMask) namespaces.1: must be one of eip155, solana, polkadot, bip122, cosmos',
    ],
    [
      { wallets: [{ ...metaMask, namespaces: [] }] },
      'wallets[0] (MetaMask) namespaces: must list at least one chain namespace',
    ],
    [
      { wallets: [{ ...metaMask, mobile: { native: 'javascript://alert(1)' } }] },
      'wallets[0] (MetaMask) mobile.native: must be an app scheme such as metamask://, not a web, script or file URL',
    ],
    [
      { wallets: [{ ...metaMask, mobile: { native: 'https://metamask.app.link' } }] },
      'mobile.native: must be an app scheme',
    ],
    [
      { wallets: [{ ...metaMask, mobile: { universal: 'http://metamask.app.link' } }] },
      'wallets[0] (MetaMask) mobile.universal: must be an https:// URL',
    ],
    [
      { wallets: [{ ...metaMask, stores: { ios: 'https://apps.apple.com/x', web: 'https://x' } }] },
      'wallets[0] (MetaMask) stores: Unrecognized key: "web"',
    ],
    [
      { wallets: [{ ...metaMask, recomended: true }] },
      'wallets[0] (MetaMask): Unrecognized key: "recomended"',
    ],
    [
      { wallets: [{ ...metaMask, logo: '../secret.png' }] },
      'wallets[0] (MetaMask) logo: must be a file name in the logos folder',
    ],
    [
      { wallets: [{ ...metaMask, id: 'a b' }] },
      'wallets[0] (MetaMask) id: must be 1 to 128 letters',
    ],
    [{ wallets: [{ ...metaMask, name: '' }] }, 'wallets[0] name: must not be empty'],
    [
      { wallets: [metaMask, { ...metaMask, rdns: undefined, name: 'METAMASK ' }] },
      "wallets[1] (METAMASK) id: is the same as wallets[0]'s; wallets[1] (METAMASK) name: is the same as wallets[0]'s",
    ],
    [
      { wallets: [metaMask, { ...metaMask, id: 'flask', name: 'Flask' }] },
      "wallets[1] (Flask) rdns: is the same as wallets[0]'s",
    ],
  ])('behavior: %j is refused: %s', (json, message) => {
    expect(refusal(json)).toContain(message)
    expect(refusal(json)).toMatch(/^Invalid wallet registry file wallets\.json: /)
  })

  test('behavior: many problems are summed up after the first five', () => {
    const wallets = Array.from({ length: 7 }, (_, index) => ({
      ...metaMask,
      id: `w${index}`,
      name: `W${index}`,
      rdns: `x.w${index}`,
      rank: -1,
    }))
    expect(refusal({ wallets })).toMatch(
      /wallets\[4\] \(W4\) rank: must be from 0 to 1000000 \(and 2 more\)$/,
    )
  })
})

describe('readRegistryFile', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'airlock-registry-'))
    await mkdir(join(dir, 'logos'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  const write = (name: string, content: unknown) =>
    writeFile(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content))

  test('behavior: logos are read from the logos folder next to the file, typed by their bytes', async () => {
    const jpeg = await readFile(join(builtinRegistryFile, '..', 'logos', `${metaMask.id}.jpeg`))
    await writeFile(join(dir, 'logos', 'mm.png'), jpeg) // named .png, but a JPEG
    await write('wallets.json', { wallets: [{ ...metaMask, logo: 'mm.png' }] })
    const [wallet] = await readRegistryFile(join(dir, 'wallets.json'))
    expect(wallet?.image?.contentType).toBe('image/jpeg')
    expect(Buffer.from(wallet!.image!.bytes)).toEqual(jpeg)
    expect(wallet?.image?.hash).toMatch(/^[0-9a-f]{16}$/)
  })

  test('behavior: a logo folder can be given', async () => {
    await mkdir(join(dir, 'elsewhere'))
    await writeFile(
      join(dir, 'elsewhere', 'mm.svg'),
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>',
    )
    await write('wallets.json', { wallets: [{ ...metaMask, logo: 'mm.svg' }] })
    const [wallet] = await readRegistryFile(join(dir, 'wallets.json'), {
      logosDir: join(dir, 'elsewhere'),
    })
    expect(wallet?.image?.contentType).toBe('image/svg+xml')
  })

  test.each([
    ['a missing file', undefined, undefined, /cannot read it \(ENOENT\)/],
    ['a file that is not JSON', '{ "wallets": [', undefined, /not valid JSON: /],
    [
      'a missing logo',
      { wallets: [{ ...metaMask, logo: 'gone.png' }] },
      undefined,
      /wallets\[0\] \(MetaMask\) logo: cannot read .*gone\.png \(ENOENT\)/,
    ],
    [
      'a logo that is not an image',
      { wallets: [{ ...metaMask, logo: 'mm.png' }] },
      'just text',
      /wallets\[0\] \(MetaMask\) logo: mm\.png is not a PNG, JPEG, WebP, GIF or SVG image/,
    ],
    [
      'a logo too big',
      { wallets: [{ ...metaMask, logo: 'mm.png' }] },
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(maxLogoBytes),
      ]),
      /wallets\[0\] \(MetaMask\) logo: mm\.png is 257 KiB; a logo may be at most 256 KiB/,
    ],
  ])('behavior: %s is refused with a clear message', async (_, file, logo, message) => {
    if (file !== undefined) await write('wallets.json', file)
    if (logo !== undefined) await writeFile(join(dir, 'logos', 'mm.png'), logo)
    const error = await readRegistryFile(join(dir, 'wallets.json')).catch(
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(WalletRegistryFileError)
    expect((error as Error).message).toMatch(message)
  })
})

describe('imageTypeOf', () => {
  test.each([
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'image/png'],
    [[0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    [[...Buffer.from('GIF89a')], 'image/gif'],
    [[...Buffer.from('RIFF\0\0\0\0WEBPVP8 ')], 'image/webp'],
    [[...Buffer.from('<svg viewBox="0 0 1 1"></svg>')], 'image/svg+xml'],
    [[...Buffer.from('\uFEFF<!-- logo -->\n<svg>')], 'image/svg+xml'],
    [[...Buffer.from('<html><svg>')], undefined],
    [[...Buffer.from('RIFF\0\0\0\0WAVE')], undefined],
    [[], undefined],
  ])('behavior: %j is %s', (bytes, type) => {
    expect(imageTypeOf(Uint8Array.from(bytes))).toBe(type)
  })
})
