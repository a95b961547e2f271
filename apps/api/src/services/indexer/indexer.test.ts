import type { NetworkConfig, Transaction } from '@airlock/protocol'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hash,
  http,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { entryPoint08Address } from 'viem/account-abstraction'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { devAccounts, seedDevChain } from '../../../../../devchain/seed.mjs'
import { deployDevUniswap, devUniswapAddresses } from '../../../../../devchain/uniswap.mjs'
import { setUpTimeout, testDatabases } from '../../../test/databases'
import { memoryLogger } from '../../../test/logs'
import type { Storage } from '../../storage/storage'
import { AccountDataUnavailableError, InvalidCursorError } from '../accountData/adapter'
import { defaultNetworks } from '../networks'
import { type CreateIndexerOptions, createIndexer } from './createIndexer'
import { markSpamContract } from './spamContracts'
import {
  type Anvil,
  clearIndexerTables,
  freePort,
  type RpcRecorder,
  startAnvil,
  startRpcRecorder,
} from './testing/anvil'

const { alice, bob, carol } = devAccounts
const abi = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function transferFrom(address from, address to, uint256 tokenId)',
])

let anvil: Anvil
let network: NetworkConfig
let contracts: Awaited<ReturnType<typeof seedDevChain>>['contracts']

beforeAll(async () => {
  anvil = await startAnvil()
  network = defaultNetworks(anvil.rpcUrl)[0] as NetworkConfig
  contracts = (await seedDevChain({ rpcUrl: anvil.rpcUrl })).contracts
})
afterAll(() => anvil?.stop())

const chain = () => createPublicClient({ transport: http(anvil.rpcUrl), cacheTime: 0 })
const wallet = () => createWalletClient({ transport: http(anvil.rpcUrl) })

async function sendUsd(from: Address, to: Address, amount: string): Promise<Hash> {
  const hash = await wallet().writeContract({
    account: from,
    chain: null,
    address: contracts.usdc,
    abi,
    functionName: 'transfer',
    args: [to, parseUnits(amount, 6)],
  })
  await anvil.minedReceipt(hash)
  return hash
}

async function sendCollectible(from: Address, to: Address, tokenId: bigint): Promise<Hash> {
  const hash = await wallet().writeContract({
    account: from,
    chain: null,
    address: contracts.collectibles,
    abi,
    functionName: 'transferFrom',
    args: [from, to, tokenId],
  })
  await anvil.minedReceipt(hash)
  return hash
}

describe.each(testDatabases())('the built-in indexer on $name', (database) => {
  let storage: Storage
  let snapshot: `0x${string}`
  const cleanups: (() => Promise<void>)[] = []

  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())
  beforeEach(async () => {
    snapshot = await anvil.snapshot()
    storage = await database.open()
    await clearIndexerTables(storage.db)
    await markSpamContract(storage.db, network.caipNetworkId, contracts.spam)
  })
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
    await storage.close()
    await anvil.revert(snapshot)
  })

  const indexerFor = (options: Partial<CreateIndexerOptions> = {}) => {
    const indexer = createIndexer({
      db: storage.db,
      network,
      logger: memoryLogger('silent').logger,
      ...options,
    })
    cleanups.push(() => indexer.stop())
    return indexer
  }
  const recorder = async (options?: { without?: string[] }): Promise<RpcRecorder> => {
    const started = await startRpcRecorder(anvil.rpcUrl, options)
    cleanups.push(() => started.close())
    return started
  }
  const transferRows = () =>
    storage.db
      .selectFrom('indexer_transfers')
      .selectAll()
      .orderBy('block_number')
      .orderBy('log_index')
      .execute()
  const allTransactions = async (address: Address, indexer = indexerFor()) =>
    (await indexer.adapter.transactions({ address, network, limit: 100 })).data

  test('behavior: syncOnce catches up to the head, and balances are what the chain says', async () => {
    const indexer = indexerFor()
    const head = await chain().getBlockNumber()

    expect(await indexer.syncOnce()).toEqual({ from: 0n, to: head })

    for (const account of [alice, bob, carol]) {
      const holdings = await indexer.adapter.balances({ address: account, network })
      expect(holdings[0]).toEqual({
        name: 'Ether',
        symbol: 'ETH',
        decimals: 18,
        balance: await chain().getBalance({ address: account }),
      })
      for (const token of [contracts.usdc, contracts.zeroDecimals]) {
        const onChain = await chain().readContract({
          address: token,
          abi,
          functionName: 'balanceOf',
          args: [account],
        })
        const held = holdings.find((holding) => holding.address === token)
        expect(held?.balance ?? 0n).toBe(onChain)
        // The indexed transfers add up to the same balance.
        const rows = (await transferRows()).filter(
          (row) => row.token_address === token.toLowerCase(),
        )
        const sum = (side: 'from_address' | 'to_address') =>
          rows
            .filter((row) => row[side] === account.toLowerCase())
            .reduce((total, row) => total + BigInt(row.value), 0n)
        expect(sum('to_address') - sum('from_address')).toBe(onChain)
      }
    }

    const aliceHoldings = await indexer.adapter.balances({ address: alice, network })
    expect(aliceHoldings.slice(1)).toEqual([
      {
        address: contracts.usdc,
        name: 'Airlock USD',
        symbol: 'aUSD',
        decimals: 6,
        balance: 1_250_500_000n,
      },
      // Zero-decimals tokens are served; filtering them is the route's and the modal's job.
      {
        address: contracts.zeroDecimals,
        name: 'Zero Token',
        symbol: 'ZERO',
        decimals: 0,
        balance: 45n,
      },
    ])
    // Carol never received ZERO and holds no other token: zero balances are left out.
    const carolHoldings = await indexer.adapter.balances({ address: carol, network })
    expect(carolHoldings.map((holding) => holding.symbol)).toEqual(['ETH', 'aUSD'])
  })

  test('behavior: transactions come newest first in the §3 shape, one per hash', async () => {
    const indexer = indexerFor()
    await indexer.syncOnce()
    const transactions = await allTransactions(alice, indexer)

    expect(
      transactions.map(({ metadata, transfers }) => [
        metadata.operationType,
        metadata.status,
        transfers.map(
          (transfer) =>
            transfer.nft_info?.name ??
            `${transfer.fungible_info?.quantity.numeric} ${transfer.fungible_info?.symbol}`,
        ),
      ]),
    ).toEqual([
      ['send', 'failed', ['0.01 ETH']],
      ['send', 'confirmed', ['Airlock Collectibles #3']],
      ['receive', 'confirmed', ['3 ZERO']],
      ['send', 'confirmed', ['0.25 ETH']],
      ['send', 'confirmed', ['24.5 aUSD']],
      ['receive', 'confirmed', ['1.5 ETH']],
      ['receive', 'confirmed', ['75 aUSD']],
      ['mint', 'confirmed', ['Free Mint Rewards #1', 'Free Mint Rewards #2']],
      ['mint', 'confirmed', ['Airlock Collectibles #3']],
      ['mint', 'confirmed', ['Airlock Collectibles #2']],
      ['mint', 'confirmed', ['Airlock Collectibles #1']],
      ['mint', 'confirmed', ['42 ZERO']],
      ['mint', 'confirmed', ['1200 aUSD']],
    ])
    expect(new Set(transactions.map((transaction) => transaction.id)).size).toBe(13)

    const [failed, nftSend] = transactions as [Transaction, Transaction]
    const receipt = await chain().getTransactionReceipt({ hash: failed.id as Hash })
    const block = await chain().getBlock({ blockNumber: receipt.blockNumber })
    expect(failed).toEqual({
      id: receipt.transactionHash,
      metadata: {
        minedAt: new Date(Number(block.timestamp) * 1000).toISOString(),
        chain: 'eip155:31337',
        operationType: 'send',
        status: 'failed',
        sentFrom: alice,
        sentTo: contracts.usdc,
      },
      transfers: [
        { direction: 'out', fungible_info: { symbol: 'ETH', quantity: { numeric: '0.01' } } },
      ],
    })
    // Sent to the NFT's and the token's receiver, not the contract the transaction called.
    expect(nftSend.metadata).toMatchObject({ sentFrom: alice, sentTo: carol })
    const tokenSend = transactions.find(
      ({ transfers }) => transfers[0]?.fungible_info?.quantity.numeric === '24.5',
    )
    expect(tokenSend?.metadata).toMatchObject({ operationType: 'send', sentTo: carol })
    expect(nftSend.transfers).toEqual([
      {
        direction: 'out',
        nft_info: {
          name: 'Airlock Collectibles #3',
          content: { preview: { url: expect.stringMatching(/^data:image\/svg\+xml;base64,/) } },
          flags: { is_spam: false },
        },
      },
    ])
    const airdrop = transactions[7]
    expect(airdrop?.transfers.map((transfer) => transfer.nft_info?.flags.is_spam)).toEqual([
      true,
      true,
    ])

    // The receiving side sees the same transactions as receives.
    const carolsActivity = await allTransactions(carol, indexer)
    expect(carolsActivity[0]).toMatchObject({
      id: nftSend.id,
      metadata: { operationType: 'receive', sentFrom: alice },
      transfers: [{ direction: 'in', nft_info: { name: 'Airlock Collectibles #3' } }],
    })
  })

  test('behavior: a swap’s transfers say which way each went: ETH out and aUSD in, then aUSD out and the ETH the router paid out from inside the swap in', async () => {
    await deployDevUniswap({ rpcUrl: anvil.rpcUrl })
    const router = parseAbi([
      'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
      'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
      'function approve(address spender, uint256 value) returns (bool)',
    ])
    const { weth } = devUniswapAddresses
    const signer = { account: bob, chain: null, gas: 500_000n } as const
    const bought = await wallet().writeContract({
      ...signer,
      address: devUniswapAddresses.router,
      abi: router,
      functionName: 'swapExactETHForTokens',
      args: [0n, [weth, contracts.usdc], bob, 2n ** 40n],
      value: parseEther('0.001'),
    })
    await anvil.minedReceipt(bought)
    await anvil.minedReceipt(
      await wallet().writeContract({
        ...signer,
        address: contracts.usdc,
        abi: router,
        functionName: 'approve',
        args: [devUniswapAddresses.router, parseUnits('5', 6)],
      }),
    )
    const sold = await wallet().writeContract({
      ...signer,
      address: devUniswapAddresses.router,
      abi: router,
      functionName: 'swapExactTokensForETH',
      args: [parseUnits('5', 6), 0n, [contracts.usdc, weth], bob, 2n ** 40n],
    })
    await anvil.minedReceipt(sold)
    const indexer = indexerFor()
    await indexer.syncOnce()

    const sides = (transaction: Transaction | undefined) =>
      transaction?.transfers.map(({ direction, fungible_info }) => [
        direction,
        fungible_info?.symbol,
      ])
    const activity = await allTransactions(bob, indexer)
    const buy = activity.find(({ id }) => id === bought)
    const sale = activity.find(({ id }) => id === sold)
    expect(buy?.metadata.operationType).toBe('trade')
    expect(sides(buy)).toEqual(
      expect.arrayContaining([
        ['out', 'ETH'],
        ['in', 'aUSD'],
      ]),
    )
    expect(sides(buy)).toHaveLength(2)
    expect(sale?.metadata.operationType).toBe('trade')
    // The ETH came from the router, inside the swap (an internal transfer): still Bob's, in.
    expect(sides(sale)).toEqual(
      expect.arrayContaining([
        ['out', 'aUSD'],
        ['in', 'ETH'],
      ]),
    )
    expect(sides(sale)).toHaveLength(2)
  })

  /**
   * A contract at `at` that passes the value it is sent on to `to`, then (when `reverts`) fails
   * the whole transaction: CALL(gas, to, callvalue, 0, 0, 0, 0), then REVERT(0, 0) or STOP.
   */
  async function forwarder(at: Address, to: Address, { reverts = false } = {}) {
    const code = `0x600060006000600034${'73'}${to.slice(2).toLowerCase()}5af1${reverts ? '60006000fd' : '00'}`
    await anvil.request('anvil_setCode', [at, code])
  }
  async function callWithValue(from: Address, to: Address, ether: string) {
    const hash = await wallet().sendTransaction({
      account: from,
      chain: null,
      to,
      value: parseEther(ether),
      data: '0x01',
      gas: 100_000n,
    })
    await anvil.minedReceipt(hash)
    return hash
  }

  test('behavior: native value a contract moves inside a transaction is in Activity, on both sides; a failed one is not', async () => {
    const passOn = '0x00000000000000000000000000000000000a1c01'
    const failing = '0x00000000000000000000000000000000000a1c02'
    await forwarder(passOn, carol)
    await forwarder(failing, carol, { reverts: true })
    const paid = await callWithValue(bob, passOn, '0.5')
    const refused = await callWithValue(bob, failing, '0.25')
    const indexer = indexerFor()
    await indexer.syncOnce()

    // Carol got 0.5 ETH from a call inside Bob's transaction: a receive, from Bob's transaction.
    const [received, ...older] = await allTransactions(carol, indexer)
    expect(received).toMatchObject({
      id: paid,
      metadata: {
        operationType: 'receive',
        status: 'confirmed',
        sentFrom: bob,
        sentTo: getAddress(passOn),
      },
      transfers: [{ fungible_info: { symbol: 'ETH', quantity: { numeric: '0.5' } } }],
    })
    // The failed call moved nothing: Carol has no activity of it.
    expect(older.map(({ id }) => id)).not.toContain(refused)
    const rows = await transferRows()
    expect(
      rows
        .filter((row) => row.tx_hash === paid)
        .map(({ from_address, to_address, value }) => [from_address, to_address, value]),
    ).toEqual([
      [passOn, carol.toLowerCase(), parseEther('0.5').toString()],
      [bob.toLowerCase(), passOn, parseEther('0.5').toString()],
    ])
  })

  test('behavior: a smart account’s gas payment to the EntryPoint is not in its Activity; what it sent is', async () => {
    // The EntryPoint calls the account; the account pays it 1,000 wei (its gas), then sends
    // Carol 0.5 ETH: CALL(gas, caller, 1000) and CALL(gas, carol, 0.5 ETH).
    const account = '0x00000000000000000000000000000000000a1c04'
    const pay = (to: string, value: string) => `6000600060006000${value}${to}5af150`
    await anvil.request('anvil_setCode', [
      account,
      `0x${pay('33', '6103e8')}${pay(`73${carol.slice(2).toLowerCase()}`, '6706f05b59d3b20000')}00`,
    ])
    await anvil.request('anvil_setBalance', [account, '0xde0b6b3a7640000'])
    await anvil.request('anvil_setCode', [
      entryPoint08Address,
      // Paid (a call with value): STOP; else it calls the account.
      `0x3415600657005b60006000600060006000${'73'}${account.slice(2)}5af100`,
    ])
    const hash = await wallet().sendTransaction({
      account: bob,
      chain: null,
      to: entryPoint08Address,
      data: '0x01',
      gas: 200_000n,
    })
    await anvil.minedReceipt(hash)
    const indexer = indexerFor()
    await indexer.syncOnce()

    const [operation] = await allTransactions(account, indexer)
    expect(operation).toMatchObject({
      id: hash,
      // To Carol, whom the account sent ETH, not the EntryPoint the bundler's transaction called.
      metadata: { operationType: 'send', sentFrom: bob, sentTo: carol },
      transfers: [{ fungible_info: { symbol: 'ETH', quantity: { numeric: '0.5' } } }],
    })
  })

  test('behavior: a node without debug tracing is indexed still, without internal transfers', async () => {
    const passOn = '0x00000000000000000000000000000000000a1c03'
    await forwarder(passOn, carol)
    const paid = await callWithValue(bob, passOn, '0.5')
    const rpc = await recorder({ without: ['debug_traceBlockByHash'] })
    const indexer = indexerFor({ rpcUrl: rpc.url })
    await indexer.syncOnce()
    expect(rpc.count('debug_traceBlockByHash')).toBeGreaterThan(0)
    // Bob's own send is there; Carol's receipt from inside it can't be seen.
    expect((await allTransactions(bob, indexer))[0]).toMatchObject({
      id: paid,
      metadata: { operationType: 'send' },
    })
    expect((await allTransactions(carol, indexer)).map(({ id }) => id)).not.toContain(paid)
  })

  test('behavior: pages of transactions join up with no gaps or duplicates', async () => {
    const indexer = indexerFor()
    await indexer.syncOnce()
    const all = (await allTransactions(alice, indexer)).map((transaction) => transaction.id)

    const paged: string[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const page = await indexer.adapter.transactions({ address: alice, network, cursor, limit: 5 })
      expect(page.data.length).toBeLessThanOrEqual(5)
      paged.push(...page.data.map((transaction) => transaction.id))
      cursor = page.next ?? undefined
      pages++
    } while (cursor !== undefined)

    expect(pages).toBe(3)
    expect(paged).toEqual(all)

    // A transaction arriving between pages does not shift the later pages.
    const first = await indexer.adapter.transactions({ address: alice, network, limit: 5 })
    await sendUsd(bob, alice, '1')
    await indexer.syncOnce()
    const second = await indexer.adapter.transactions({
      address: alice,
      network,
      cursor: first.next ?? undefined,
      limit: 5,
    })
    expect(second.data.map((transaction) => transaction.id)).toEqual(all.slice(5, 10))

    for (const cursor of ['nope', 'dDox', Buffer.from('n:20:1').toString('base64url')])
      await expect(
        indexer.adapter.transactions({ address: alice, network, cursor, limit: 5 }),
      ).rejects.toBeInstanceOf(InvalidCursorError)
  })

  test('behavior: NFTs are the current owner’s, named from their data URIs, spam flagged', async () => {
    const indexer = indexerFor()
    await indexer.syncOnce()

    const { data, next } = await indexer.adapter.nfts({ address: alice, network, limit: 10 })
    expect(next).toBeNull()
    expect(data.map((nft) => [nft.name, nft.collection, nft.isSpam])).toEqual([
      ['Free Mint Rewards #2', 'Free Mint Rewards', true],
      ['Free Mint Rewards #1', 'Free Mint Rewards', true],
      ['Airlock Collectibles #2', 'Airlock Collectibles', false],
      ['Airlock Collectibles #1', 'Airlock Collectibles', false],
    ])
    const collectible = data[2]
    expect(collectible).toEqual({
      id: `${contracts.collectibles}:2`,
      chainId: 'eip155:31337',
      contract: contracts.collectibles,
      tokenId: '2',
      name: 'Airlock Collectibles #2',
      collection: 'Airlock Collectibles',
      imageUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      isSpam: false,
    })
    const svg = Buffer.from(collectible?.imageUrl?.split(',')[1] ?? '', 'base64').toString()
    expect(svg).toContain('>#2</text>')

    // #3 went to Carol.
    const carols = await indexer.adapter.nfts({ address: carol, network, limit: 10 })
    expect(carols.data.map((nft) => nft.id)).toEqual([`${contracts.collectibles}:3`])

    const paged: string[] = []
    let cursor: string | undefined
    do {
      const page = await indexer.adapter.nfts({ address: alice, network, cursor, limit: 3 })
      paged.push(...page.data.map((nft) => nft.id))
      cursor = page.next ?? undefined
    } while (cursor !== undefined)
    expect(paged).toEqual(data.map((nft) => nft.id))
  })

  test('behavior: a restarted indexer resumes from its cursor without re-indexing', async () => {
    const head = await chain().getBlockNumber()
    await indexerFor().syncOnce()
    const rowsBefore = await transferRows()

    // A new process: its own connection and RPC client, the same database.
    const restartedStorage = await database.open()
    cleanups.push(() => restartedStorage.close())
    const rpc = await recorder()
    const restarted = indexerFor({ rpcUrl: rpc.url, db: restartedStorage.db })

    expect(await restarted.syncOnce()).toEqual({ from: head + 1n, to: head })
    // Only the check that the cursor's block is still on the chain.
    expect(rpc.count('eth_getBlockByNumber')).toBe(1)
    expect(rpc.count('eth_getLogs')).toBe(0)
    expect(await transferRows()).toEqual(rowsBefore)

    const hash = await sendUsd(bob, carol, '2')
    rpc.reset()
    expect(await restarted.syncOnce()).toEqual({ from: head + 1n, to: head + 1n })
    expect(rpc.count('eth_getBlockByNumber')).toBe(2)
    const rowsAfter = await transferRows()
    expect(rowsAfter.slice(0, rowsBefore.length)).toEqual(rowsBefore)
    expect(rowsAfter.slice(rowsBefore.length)).toMatchObject([
      { tx_hash: hash, kind: 'erc20', value: '2000000', to_address: carol.toLowerCase() },
    ])
  })

  test('behavior: a reorg within the confirmation depth is rolled back and re-indexed', async () => {
    const indexer = indexerFor({ confirmationDepth: 6 })
    const { to: head } = await indexer.syncOnce()

    const fork = await anvil.snapshot()
    const orphaned = await sendUsd(alice, bob, '10')
    await sendCollectible(alice, bob, 1n)
    await indexer.syncOnce()
    expect((await allTransactions(bob, indexer))[1]?.id).toBe(orphaned)
    // #4, spam #3 and now #1.
    expect((await indexer.adapter.nfts({ address: bob, network, limit: 10 })).data).toHaveLength(3)

    // The two blocks are replaced by three others.
    await anvil.revert(fork)
    const replacement = await sendUsd(alice, carol, '20')
    await anvil.mine(2)
    const newHead = await chain().getBlockNumber()

    expect(await indexer.syncOnce()).toEqual({ from: head + 1n, to: newHead })
    const bobs = await allTransactions(bob, indexer)
    expect(bobs.map((transaction) => transaction.id)).not.toContain(orphaned)
    expect((await allTransactions(carol, indexer))[0]?.id).toBe(replacement)
    const rows = await transferRows()
    expect(rows.filter((row) => row.tx_hash === orphaned)).toEqual([])
    expect(rows.filter((row) => Number(row.block_number) > Number(head))).toHaveLength(1)
    // Collectible #1 is Alice's again.
    const alices = await indexer.adapter.nfts({ address: alice, network, limit: 10 })
    expect(alices.data.map((nft) => nft.id)).toContain(`${contracts.collectibles}:1`)
    expect((await indexer.adapter.nfts({ address: bob, network, limit: 10 })).data).toHaveLength(2)
    const cursor = await storage.db.selectFrom('indexer_cursors').selectAll().executeTakeFirst()
    expect(cursor?.block_hash).toBe((await chain().getBlock()).hash)
    const usd = (await indexer.adapter.balances({ address: alice, network }))[1]
    expect(usd?.balance).toBe(
      await chain().readContract({
        address: contracts.usdc,
        abi,
        functionName: 'balanceOf',
        args: [alice],
      }),
    )
  })

  test('behavior: a reorg deeper than the depth is logged loudly and rewinds by the depth', async () => {
    const logs = memoryLogger()
    const indexer = indexerFor({ confirmationDepth: 2, logger: logs.logger })
    const { to: head } = await indexer.syncOnce()
    const fork = await anvil.snapshot()
    for (const amount of ['1', '2', '3', '4']) await sendUsd(alice, bob, amount)
    await indexer.syncOnce()

    await anvil.revert(fork)
    await sendUsd(alice, carol, '5')
    await anvil.mine(4)
    const result = await indexer.syncOnce()

    expect(logs.entries().filter((entry) => entry.level === 'error')).toEqual([
      expect.objectContaining({
        indexer: network.caipNetworkId,
        msg: expect.stringContaining('REORG DEEPER THAN THE CONFIRMATION DEPTH'),
      }),
    ])
    expect(result.from).toBe(head + 4n - 2n + 1n)
    const cursor = await storage.db.selectFrom('indexer_cursors').selectAll().executeTakeFirst()
    expect(cursor?.block_hash).toBe((await chain().getBlock()).hash)
  })

  test('behavior: with a depth of 0 a one-block reorg is still undone, and logged', async () => {
    const logs = memoryLogger()
    const indexer = indexerFor({ confirmationDepth: 0, logger: logs.logger })
    await indexer.syncOnce()
    const fork = await anvil.snapshot()
    const orphaned = await sendUsd(alice, bob, '1')
    await indexer.syncOnce()

    await anvil.revert(fork)
    const replacement = await sendUsd(alice, bob, '2')
    await indexer.syncOnce()

    expect(logs.entries().filter((entry) => entry.level === 'error')).toHaveLength(1)
    const ids = (await allTransactions(bob, indexer)).map((transaction) => transaction.id)
    expect(ids).toContain(replacement)
    expect(ids).not.toContain(orphaned)
  })

  test('behavior: replicas share one lease; stopping the holder hands indexing over', async () => {
    const head = await chain().getBlockNumber()
    const [rpcA, rpcB] = [await recorder(), await recorder()]
    const a = indexerFor({ rpcUrl: rpcA.url, pollMs: 20 })
    const b = indexerFor({ rpcUrl: rpcB.url, pollMs: 20 })
    a.start()
    b.start()
    const cursorAt = async () =>
      Number(
        (await storage.db.selectFrom('indexer_cursors').select('block_number').executeTakeFirst())
          ?.block_number ?? -1,
      )
    await vi.waitFor(async () => expect(await cursorAt()).toBe(Number(head)), { timeout: 15_000 })

    // Only the lease holder read the chain's logs.
    expect([rpcA.count('eth_getLogs') > 0, rpcB.count('eth_getLogs') > 0].sort()).toEqual([
      false,
      true,
    ])
    const lease = await storage.db.selectFrom('indexer_leases').selectAll().executeTakeFirst()
    const [holder, standby, standbyRpc] =
      rpcA.count('eth_getLogs') > 0 ? [a, b, rpcB] : [b, a, rpcA]
    expect(lease?.holder).toBeTruthy()

    await holder.stop()
    await sendUsd(bob, alice, '3')
    await vi.waitFor(async () => expect(await cursorAt()).toBe(Number(head) + 1), {
      timeout: 15_000,
    })
    expect(standbyRpc.count('eth_getLogs')).toBeGreaterThan(0)
    await standby.stop()
    expect(await storage.db.selectFrom('indexer_leases').selectAll().execute()).toEqual([])
  })

  test('behavior: two passes racing on one database store every transfer once', async () => {
    const a = indexerFor()
    const b = indexerFor()
    await Promise.all([a.syncOnce(), b.syncOnce(), a.syncOnce()])
    const rows = await transferRows()
    expect(new Set(rows.map((row) => `${row.tx_hash}:${row.log_index}`)).size).toBe(rows.length)
    expect(await allTransactions(alice, a)).toHaveLength(13)
  })

  test('behavior: an unreachable RPC makes balances unavailable; indexed data still answers', async () => {
    await indexerFor().syncOnce()
    const down = indexerFor({ rpcUrl: `http://127.0.0.1:${await freePort()}` })

    await expect(down.adapter.balances({ address: alice, network })).rejects.toBeInstanceOf(
      AccountDataUnavailableError,
    )
    await expect(down.syncOnce()).rejects.toThrow()
    expect(await allTransactions(alice, down)).toHaveLength(13)
  })
})
