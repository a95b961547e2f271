import { simple7702AccountAddress } from '@airlock/protocol'
import { getAddress } from 'viem'
import { describe, expect, test } from 'vitest'
import { loadNetworks } from './networks'
import {
  changeSettings,
  defaultProjectSettings,
  defaultSponsorshipCaps,
  InvalidProjectSettingError,
  type ProjectSettings,
  type ProjectSettingsChange,
  resolveSettings,
  storedSettings,
} from './projectSettings'

/** The API's catalogue with no environment: the local chains, Ethereum, Base… */
const catalogue = loadNetworks({})
const known = catalogue.map((network) => network.caipNetworkId).join(', ')

/** A project that chose two networks, starting on Ethereum. */
const twoNetworks: ProjectSettings = {
  ...structuredClone(defaultProjectSettings),
  networks: ['eip155:31337', 'eip155:1'],
  defaultNetwork: 'eip155:1',
}

describe('changeSettings', () => {
  test('behavior: good values replace each setting given and leave the others', () => {
    const changed = changeSettings(
      defaultProjectSettings,
      {
        networks: ['eip155:1', 'solana:localnet', 'eip155:31337'],
        defaultNetwork: 'solana:localnet',
        themeMode: 'light',
        themeVariables: { '--airlock-accent': ' #47a1ff ', '--airlock-font-size-master': '10px' },
        featuredWalletIds: ['metamask', ' io.rabby '],
        excludeWallets: ['Phantom'],
        siwx: 'required',
        name: '  Shop & Co ',
        sponsorship: { accountOperations: '3', projectGas: 0 },
        sponsoredCalls: [
          `eip155:8453:0x833589FCD6eDb6E08f4c7C32D4f71b54bdA02913@0xA9059CBB+0x095ea7b3`,
          ` eip155:1:${'0x'.padEnd(42, 'b')} `,
        ],
        paymasterServices: ['https://paymaster.shop.example/rpc?key=1', 'http://127.0.0.1:4337'],
        smartAccountNetworks: JSON.stringify({
          'eip155:8453': {
            bundler: 'https://bundler.shop.example/8453?key=k',
            paymaster: 'https://paymaster.shop.example/8453?key=k',
            account: 'eip7702',
          },
          'eip155:1': { account: `eip7702:${'0x'.padEnd(42, 'c')}` },
          'eip155:31337': { account: 'safe-1.4.1' },
        }),
        admissionCacheSeconds: '5',
        namesParent: 'acme.eth',
      },
      catalogue,
    )
    expect(changed).toEqual({
      name: 'Shop & Co',
      networks: ['eip155:1', 'solana:localnet', 'eip155:31337'],
      defaultNetwork: 'solana:localnet',
      theme: {
        mode: 'light',
        variables: { '--airlock-accent': '#47a1ff', '--airlock-font-size-master': '10px' },
      },
      featuredWalletIds: ['metamask', 'io.rabby'],
      excludeWallets: ['Phantom'],
      siwx: 'required',
      sponsorship: { ...defaultSponsorshipCaps, accountOperations: 3, projectGas: 0 },
      sponsoredCalls: [
        {
          network: 'eip155:8453',
          contract: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
          selectors: ['0xa9059cbb', '0x095ea7b3'],
        },
        { network: 'eip155:1', contract: '0x'.padEnd(42, 'b'), selectors: [] },
      ],
      paymasterServices: ['https://paymaster.shop.example/rpc?key=1', 'http://127.0.0.1:4337/'],
      smartAccountNetworks: {
        'eip155:8453': {
          bundlerUrl: 'https://bundler.shop.example/8453?key=k',
          paymasterUrl: 'https://paymaster.shop.example/8453?key=k',
          account: { kind: 'eip7702', implementation: simple7702AccountAddress },
        },
        'eip155:1': {
          account: { kind: 'eip7702', implementation: getAddress('0x'.padEnd(42, 'c')) },
        },
        'eip155:31337': { account: { kind: 'safe', version: '1.4.1' } },
      },
      admissionCacheSeconds: 5,
      namesParent: 'acme.eth',
      walletAnnouncement: { name: null, icon: null, rdns: null },
    })
    // Stored and read back as they were.
    expect(resolveSettings(storedSettings(changed))).toEqual(changed)

    expect(changeSettings(changed, { siwx: 'optional' }, catalogue)).toEqual({
      ...changed,
      siwx: 'optional',
    })
  })

  test('behavior: a change leaves the settings it started from as they were', () => {
    const before = structuredClone(twoNetworks)
    changeSettings(
      twoNetworks,
      { networks: ['eip155:1'], themeVariables: { '--airlock-accent': '#fff' } },
      catalogue,
    )
    expect(twoNetworks).toEqual(before)
    expect(defaultProjectSettings).toEqual({
      name: null,
      networks: [],
      defaultNetwork: null,
      theme: { mode: null, variables: {} },
      featuredWalletIds: [],
      excludeWallets: [],
      siwx: 'off',
      sponsorship: {
        accountOperations: 10,
        accountGas: 5_000_000,
        projectOperations: 1_000,
        projectGas: 500_000_000,
      },
      sponsoredCalls: [],
      paymasterServices: [],
      smartAccountNetworks: {},
      admissionCacheSeconds: 60,
      namesParent: null,
      walletAnnouncement: { name: null, icon: null, rdns: null },
    })
  })

  test('behavior: null and empty lists go back to the defaults', () => {
    const configured = changeSettings(
      twoNetworks,
      {
        themeMode: 'dark',
        themeVariables: { '--airlock-accent': '#47a1ff', '--airlock-color-mix': '#000' },
        excludeWallets: ['phantom'],
      },
      catalogue,
    )
    const reset = changeSettings(
      configured,
      {
        networks: [],
        defaultNetwork: null,
        themeMode: null,
        themeVariables: { '--airlock-accent': null },
        excludeWallets: [],
      },
      catalogue,
    )
    expect(reset).toEqual({
      ...defaultProjectSettings,
      theme: { mode: null, variables: { '--airlock-color-mix': '#000' } },
    })
  })

  test('behavior: a null theme variable removes it; removing one never set is no change', () => {
    const themed = changeSettings(
      defaultProjectSettings,
      { themeVariables: { '--airlock-accent': '#47a1ff' } },
      catalogue,
    )
    expect(
      changeSettings(themed, { themeVariables: { '--airlock-accent': null } }, catalogue).theme,
    ).toEqual({ mode: null, variables: {} })
    expect(
      changeSettings(themed, { themeVariables: { '--airlock-color-mix': null } }, catalogue).theme,
    ).toEqual(themed.theme)
  })

  test('behavior: without networks of its own a project may start on any network the API knows', () => {
    expect(
      changeSettings(defaultProjectSettings, { defaultNetwork: 'eip155:8453' }, catalogue),
    ).toMatchObject({ networks: [], defaultNetwork: 'eip155:8453' })
  })

  test('behavior: networks and default changed together are checked together', () => {
    expect(
      changeSettings(
        twoNetworks,
        { networks: ['eip155:8453'], defaultNetwork: 'eip155:8453' },
        catalogue,
      ),
    ).toMatchObject({ networks: ['eip155:8453'], defaultNetwork: 'eip155:8453' })
  })

  const refused: [string, ProjectSettings, ProjectSettingsChange, string][] = [
    [
      'an unknown network (naming it and what the API knows)',
      defaultProjectSettings,
      { networks: ['eip155:1', 'eip155:999'] },
      `Invalid network "eip155:999": the API knows ${known} (add others with AIRLOCK_NETWORKS_JSON).`,
    ],
    [
      'something that is not a network id',
      defaultProjectSettings,
      { networks: ['ethereum'] },
      `Invalid network "ethereum": the API knows ${known} (add others with AIRLOCK_NETWORKS_JSON).`,
    ],
    [
      'a network listed twice',
      defaultProjectSettings,
      { networks: ['eip155:1', 'eip155:31337', 'eip155:1'] },
      'Invalid network "eip155:1": listed twice.',
    ],
    [
      "a default network not among the project's networks",
      twoNetworks,
      { defaultNetwork: 'eip155:8453' },
      `Invalid default network "eip155:8453": must be one of the project's networks (eip155:31337, eip155:1).`,
    ],
    [
      'a default network the API does not know (no networks of its own)',
      defaultProjectSettings,
      { defaultNetwork: 'eip155:999' },
      `Invalid default network "eip155:999": must be one of the project's networks (${known}).`,
    ],
    [
      'a networks change that leaves the current default out',
      twoNetworks,
      { networks: ['eip155:31337', 'eip155:8453'] },
      `Invalid default network "eip155:1": must be one of the project's networks (eip155:31337, eip155:8453).`,
    ],
    [
      'a bad theme mode',
      defaultProjectSettings,
      { themeMode: 'blue' },
      'Invalid theme mode "blue": use dark or light.',
    ],
    [
      'an unsafe theme variable value',
      defaultProjectSettings,
      { themeVariables: { '--airlock-accent': 'url(https://evil.example/x.png)' } },
      'Invalid theme variable --airlock-accent "url(https://evil.example/x.png)": Unsafe value for theme variable "--airlock-accent".',
    ],
    [
      'a value that breaks out of the declaration',
      defaultProjectSettings,
      { themeVariables: { '--airlock-font-family': 'x; background: red' } },
      'Invalid theme variable --airlock-font-family "x; background: red": Unsafe value for theme variable "--airlock-font-family".',
    ],
    [
      'an unknown theme variable',
      defaultProjectSettings,
      { themeVariables: { '--airlock-background': '#000' } },
      'Invalid theme variable --airlock-background "#000": Unknown theme variable "--airlock-background".',
    ],
    [
      'a bad siwx mode',
      defaultProjectSettings,
      { siwx: 'always' },
      'Invalid siwx mode "always": use off, optional or required.',
    ],
    [
      'an admission cache over a minute',
      defaultProjectSettings,
      { admissionCacheSeconds: 61 },
      'Invalid admission cache 61: use a whole number of seconds from 0 to 60.',
    ],
    [
      'an admission cache that is not whole seconds',
      defaultProjectSettings,
      { admissionCacheSeconds: '1.5' },
      'Invalid admission cache "1.5": use a whole number of seconds from 0 to 60.',
    ],
    [
      'a names parent not in normal form',
      defaultProjectSettings,
      { namesParent: 'Acme.eth' },
      'Invalid names parent "Acme.eth": use its ENSIP-15 normal form, "acme.eth".',
    ],
    [
      'a names parent of one label',
      defaultProjectSettings,
      { namesParent: 'eth' },
      'Invalid names parent "eth": use a name with a parent of its own, such as acme.eth.',
    ],
    [
      'a names parent with a label over 63 characters',
      defaultProjectSettings,
      { namesParent: `${'a'.repeat(64)}.eth` },
      `Invalid names parent "${'a'.repeat(64)}.eth": "${'a'.repeat(64)}.eth" has a label of more than 63 characters.`,
    ],
    [
      'a name with a line break',
      defaultProjectSettings,
      { name: 'Shop\nCo' },
      'Invalid name "Shop\\nCo": use 1 to 64 characters, no control characters.',
    ],
    [
      'a name too long',
      defaultProjectSettings,
      { name: 'n'.repeat(65) },
      `Invalid name "${'n'.repeat(65)}": use 1 to 64 characters, no control characters.`,
    ],
    [
      'a featured wallet list that is too long',
      defaultProjectSettings,
      { featuredWalletIds: Array.from({ length: 101 }, (_, index) => `wallet-${index}`) },
      'Invalid featured wallet list 101: at most 100.',
    ],
    [
      'an excluded wallet list that is too long',
      defaultProjectSettings,
      { excludeWallets: Array.from({ length: 101 }, (_, index) => `wallet-${index}`) },
      'Invalid excluded wallet list 101: at most 100.',
    ],
    [
      'an empty wallet id',
      defaultProjectSettings,
      { excludeWallets: ['phantom', ''] },
      'Invalid excluded wallet "": a registry id, rdns or name of 1 to 200 characters.',
    ],
    [
      'a blank wallet id',
      defaultProjectSettings,
      { featuredWalletIds: ['  '] },
      'Invalid featured wallet "  ": a registry id, rdns or name of 1 to 200 characters.',
    ],
    [
      'a wallet id of 201 characters',
      defaultProjectSettings,
      { featuredWalletIds: ['w'.repeat(201)] },
      `Invalid featured wallet "${'w'.repeat(201)}": a registry id, rdns or name of 1 to 200 characters.`,
    ],
    [
      'a wallet id with a control character',
      defaultProjectSettings,
      { featuredWalletIds: ['meta\nmask'] },
      'Invalid featured wallet "meta\\nmask": a registry id, rdns or name of 1 to 200 characters.',
    ],
    [
      'a sponsorship cap that is not a whole number',
      defaultProjectSettings,
      { sponsorship: { accountGas: '1.5' } },
      'Invalid sponsored gas per account "1.5": use a whole number from 0 (0: none).',
    ],
    [
      'a negative sponsorship cap',
      defaultProjectSettings,
      { sponsorship: { projectOperations: -1 } },
      'Invalid sponsored operations per project -1: use a whole number from 0 (0: none).',
    ],
    [
      'a sponsorship cap past 10^15',
      defaultProjectSettings,
      { sponsorship: { projectGas: '2000000000000000' } },
      'Invalid sponsored gas per project "2000000000000000": at most 1000000000000000 a day.',
    ],
    [
      'a sponsored call without its network',
      defaultProjectSettings,
      { sponsoredCalls: ['0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'] },
      'Invalid sponsored call "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913": use <eip155 network>:<contract address>, optionally @<selector>+<selector>, e.g. eip155:8453:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913@0xa9059cbb.',
    ],
    [
      'a sponsored call with a selector not of four bytes',
      defaultProjectSettings,
      { sponsoredCalls: [`eip155:1:${'0x'.padEnd(42, 'b')}@transfer`] },
      `Invalid sponsored call "eip155:1:${'0x'.padEnd(42, 'b')}@transfer": use <eip155 network>:<contract address>, optionally @<selector>+<selector>, e.g. eip155:8453:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913@0xa9059cbb.`,
    ],
    [
      'a sponsored call on a network the API does not know',
      defaultProjectSettings,
      { sponsoredCalls: [`eip155:999:${'0x'.padEnd(42, 'b')}`] },
      `Invalid sponsored call "eip155:999:${'0x'.padEnd(42, 'b')}": the API knows ${known}.`,
    ],
    [
      'a sponsored contract listed twice',
      defaultProjectSettings,
      { sponsoredCalls: [`eip155:1:${'0x'.padEnd(42, 'b')}`, `eip155:1:${'0x'.padEnd(42, 'B')}`] },
      `Invalid sponsored call "eip155:1:${'0x'.padEnd(42, 'B')}": its contract is listed twice.`,
    ],
    [
      'a paymaster service that is not http(s)',
      defaultProjectSettings,
      { paymasterServices: ['ftp://paymaster.example'] },
      'Invalid paymaster service "ftp://paymaster.example": use an http(s) URL.',
    ],
    [
      'a paymaster service with credentials',
      defaultProjectSettings,
      { paymasterServices: ['https://user:pw@paymaster.example'] },
      'Invalid paymaster service "https://user:pw@paymaster.example": use a URL without credentials or a fragment.',
    ],
    [
      'smart account networks that are not a JSON object',
      defaultProjectSettings,
      { smartAccountNetworks: '["eip155:1"]' },
      'Invalid smart account networks "[\\"eip155:1\\"]": use a JSON object from a network id to its services, or none.',
    ],
    [
      'a smart account network that is not eip155',
      defaultProjectSettings,
      { smartAccountNetworks: { 'solana:localnet': {} } },
      'Invalid smart account networks "solana:localnet": use an eip155 network id such as eip155:8453.',
    ],
    [
      'a smart account network the API does not know',
      defaultProjectSettings,
      { smartAccountNetworks: { 'eip155:999999': {} } },
      `Invalid smart account networks "eip155:999999": the API knows ${known}.`,
    ],
    [
      'a bundler that is not http(s), printed without its path',
      defaultProjectSettings,
      { smartAccountNetworks: { 'eip155:1': { bundler: 'ftp://bundler.example/key' } } },
      'Invalid bundler of eip155:1 "ftp://bundler.example/…": must be an http(s) URL.',
    ],
    [
      'a paymaster URL with credentials',
      defaultProjectSettings,
      { smartAccountNetworks: { 'eip155:1': { paymaster: 'https://u:secret@pm.example/' } } },
      'Invalid paymaster of eip155:1 "https://pm.example/…": must not carry credentials (a key goes in its path or query).',
    ],
    [
      'an account Airlock does not make',
      defaultProjectSettings,
      { smartAccountNetworks: { 'eip155:1': { account: 'kernel-3.1' } } },
      'Invalid account of eip155:1 "kernel-3.1": use eip7702, eip7702:<implementation address> or safe-1.4.1.',
    ],
    [
      'an EIP-7702 implementation that is not an address, or with more after it',
      defaultProjectSettings,
      { smartAccountNetworks: { 'eip155:1': { account: `eip7702:${'0x'.padEnd(42, 'c')}:junk` } } },
      `Invalid account of eip155:1 "eip7702:${'0x'.padEnd(42, 'c')}:junk": use eip7702, eip7702:<implementation address> or safe-1.4.1.`,
    ],
    [
      'an EIP-7702 implementation that is not an address',
      defaultProjectSettings,
      { smartAccountNetworks: { 'eip155:1': { account: 'eip7702:0x12' } } },
      'Invalid account of eip155:1 "eip7702:0x12": use eip7702, eip7702:<implementation address> or safe-1.4.1.',
    ],
    [
      'a field of no service',
      defaultProjectSettings,
      { smartAccountNetworks: { 'eip155:1': { entryPoint: '0x' } } },
      'Invalid smart account networks of eip155:1 "entryPoint": use bundler, paymaster and account only.',
    ],
    [
      'an unknown sponsorship cap',
      defaultProjectSettings,
      { sponsorship: { walletGas: 1 } as never },
      'Invalid sponsorship cap "walletGas": unknown.',
    ],
    [
      'a wallet listed twice',
      defaultProjectSettings,
      { featuredWalletIds: ['metamask', ' metamask'] },
      'Invalid featured wallet " metamask": listed twice.',
    ],
  ]

  test.each(refused)(
    'behavior: %s is refused with a message naming the setting and value',
    (_, current, change, message) => {
      let error: unknown
      try {
        changeSettings(current, change, catalogue)
      } catch (thrown) {
        error = thrown
      }
      expect(error).toBeInstanceOf(InvalidProjectSettingError)
      expect((error as Error).message).toBe(message)
    },
  )

  test('behavior: the error keeps the setting and the value as fields', () => {
    expect(() =>
      changeSettings(defaultProjectSettings, { networks: ['eip155:999'] }, catalogue),
    ).toThrow(expect.objectContaining({ setting: 'network', value: 'eip155:999' }))
  })

  test('behavior: with an empty catalogue no network is accepted', () => {
    expect(() => changeSettings(defaultProjectSettings, { networks: ['eip155:1'] }, [])).toThrow(
      'Invalid network "eip155:1": the API knows  (add others',
    )
    expect(changeSettings(defaultProjectSettings, { siwx: 'optional' }, []).siwx).toBe('optional')
  })
})

describe('the EIP-6963 announcement', () => {
  test('behavior: on by default with the defaults; each field replaces its own; off is null, on again keeps nothing stale', () => {
    expect(defaultProjectSettings.walletAnnouncement).toEqual({
      name: null,
      icon: null,
      rdns: null,
    })
    const named = changeSettings(
      defaultProjectSettings,
      { announceName: 'Shop Wallet', announceRdns: 'example.shop.wallet' },
      catalogue,
    )
    expect(named.walletAnnouncement).toEqual({
      name: 'Shop Wallet',
      icon: null,
      rdns: 'example.shop.wallet',
    })
    const off = changeSettings(named, { announce: 'off' }, catalogue)
    expect(off.walletAnnouncement).toBeNull()
    expect(resolveSettings(storedSettings(off)).walletAnnouncement).toBeNull()
    const on = changeSettings(off, { announce: 'on' }, catalogue)
    expect(on.walletAnnouncement).toEqual({ name: null, icon: null, rdns: null })
    expect(changeSettings(named, { announceName: null }, catalogue).walletAnnouncement?.name).toBe(
      null,
    )
  })

  test.each([
    ['a name with a control character', { announceName: 'Shop\u0007' }, 'announce name'],
    ['a name over 64 characters', { announceName: 'x'.repeat(65) }, 'announce name'],
    ['an icon that is a URL', { announceIcon: 'https://shop.example/i.png' }, 'announce icon'],
    ['an icon of another type', { announceIcon: 'data:text/html,<b>' }, 'announce icon'],
    ['an rdns in capitals', { announceRdns: 'Example.Shop' }, 'announce rdns'],
    ['an rdns of one label', { announceRdns: 'shop' }, 'announce rdns'],
  ] as [string, ProjectSettingsChange, string][])(
    'bad input: %s is refused, naming the setting, and nothing changes',
    (_, change, setting) => {
      const before = structuredClone(defaultProjectSettings)
      let refusal: unknown
      try {
        changeSettings(before, change, catalogue)
      } catch (error) {
        refusal = error
      }
      expect(refusal).toBeInstanceOf(InvalidProjectSettingError)
      expect((refusal as InvalidProjectSettingError).setting).toBe(setting)
      expect(before).toEqual(defaultProjectSettings)
    },
  )
})

describe('resolveSettings and storedSettings', () => {
  test('behavior: a project that chose nothing stores {} and reads back the defaults', () => {
    expect(storedSettings(defaultProjectSettings)).toBe('{}')
    expect(resolveSettings('{}')).toEqual(defaultProjectSettings)
  })

  test('behavior: settings round-trip through their stored form', () => {
    const settings = changeSettings(
      defaultProjectSettings,
      {
        networks: ['solana:localnet', 'eip155:1'],
        defaultNetwork: 'eip155:1',
        themeMode: 'light',
        themeVariables: { '--airlock-accent': '#47a1ff' },
        featuredWalletIds: ['metamask'],
        excludeWallets: ['phantom', 'io.rabby'],
        siwx: 'optional',
      },
      catalogue,
    )
    expect(resolveSettings(storedSettings(settings))).toEqual(settings)
  })

  test('behavior: the stored JSON holds only what differs from the defaults', () => {
    const settings = changeSettings(
      defaultProjectSettings,
      { networks: ['eip155:1'], siwx: 'required' },
      catalogue,
    )
    expect(JSON.parse(storedSettings(settings))).toEqual({
      networks: ['eip155:1'],
      siwx: 'required',
    })
    const capped = changeSettings(
      defaultProjectSettings,
      { sponsorship: { accountOperations: 3 } },
      catalogue,
    )
    expect(JSON.parse(storedSettings(capped))).toEqual({
      sponsorship: { ...defaultSponsorshipCaps, accountOperations: 3 },
    })
    expect(resolveSettings(storedSettings(capped))).toEqual(capped)
    // A cap stored alone (by hand, or by a later version) reads with the others' defaults.
    expect(resolveSettings('{"sponsorship":{"projectGas":7}}').sponsorship).toEqual({
      ...defaultSponsorshipCaps,
      projectGas: 7,
    })
    const themed = changeSettings(defaultProjectSettings, { themeMode: 'dark' }, catalogue)
    expect(JSON.parse(storedSettings(themed))).toEqual({
      theme: { mode: 'dark', variables: {} },
    })
  })

  test('behavior: reading gives each project its own copy of the defaults', () => {
    const first = resolveSettings('{}')
    first.networks.push('eip155:1')
    ;(first.theme.variables as Record<string, string>)['--airlock-accent'] = '#fff'
    expect(resolveSettings('{}')).toEqual(defaultProjectSettings)
  })

  test.each([
    ['not JSON', '{'],
    ['an unknown key', '{"colour":"red"}'],
    ['a bad siwx mode', '{"siwx":"always"}'],
    ['an admission cache over a minute', '{"admissionCacheSeconds":61}'],
    ['a bad theme mode', '{"theme":{"mode":"blue","variables":{}}}'],
    ['an unknown sponsorship cap', '{"sponsorship":{"walletGas":1}}'],
    [
      'a sponsored call without selectors',
      '{"sponsoredCalls":[{"network":"eip155:1","contract":"0x1"}]}',
    ],
  ])('behavior: stored settings with %s are refused on reading', (_, json) => {
    expect(() => resolveSettings(json)).toThrow()
  })
})
