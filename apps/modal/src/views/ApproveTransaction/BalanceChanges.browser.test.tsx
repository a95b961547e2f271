// The approval screen's simulation as the visitor sees it (issue 34 point 2), on a real anvil
// (scripts/viewTestChain.ts): the expected balance changes of a batch; a revert's red warning
// with the reason, and Approve asking a second time; a node without eth_simulateV1 saying balance
// changes can't be shown; a node that never answers, where Reject works while the simulation runs
// and the screen then says it timed out; a Solana transfer's SOL change on the local Solana RPC.
// The request is asked as the embedded wallet asks it
// (approvals.ask), and what the site gets back is the visitor's answer.
import type { NetworkConfig } from '@airlock/protocol'
import { screen } from '@testing-library/dom'
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  type Hex,
  http,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { beforeAll, describe, expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import artifacts from '../../../../../devchain/artifacts.json'
import { solanaDevAccounts } from '../../../../../devchain/solanaDev.mjs'
import type { ApprovalRequest } from '../../embeddedWallet/evmSigner'
import { approveText as text } from '../../messages/approveText'
import { prepareSolanaTransfer } from '../../send/solanaTransfer'
import { anvilFunderKey, anvilOn, solanaOnRpc } from '../../test/chain'
import { evmAccount, evmReceiver } from '../../test/fixtures'
import { connectedState, projectConfig, renderView } from '../../test/renderView'
import { fitModalUnscaled } from '../../test/viewport'

const funder = privateKeyToAccount(anvilFunderKey)
const tokenAbi = artifacts.contracts.DevToken.abi as Abi
const collectibleAbi = artifacts.contracts.DevCollectible.abi as Abi
let token: Address
let collectible: Address

beforeAll(async () => {
  await import('./ApproveTransaction')
  // aUSD (6 decimals) on the test's anvil; the funder deploys it and is its minter.
  const network = anvilOn('anvil')
  const deployer = createWalletClient({
    account: funder,
    chain: foundry,
    transport: http(network.rpcUrl),
  })
  const chain = createPublicClient({ chain: foundry, transport: http(network.rpcUrl) })
  const hash = await deployer.deployContract({
    abi: tokenAbi,
    bytecode: artifacts.contracts.DevToken.bytecode as Hex,
    args: ['Airlock USD', 'aUSD', 6],
  })
  const receipt = await chain.waitForTransactionReceipt({ hash })
  token = getAddress(receipt.contractAddress as Address)
  // A collectible whose minter is the funder too.
  const collectibleHash = await deployer.deployContract({
    abi: collectibleAbi,
    bytecode: artifacts.contracts.DevCollectible.bytecode as Hex,
    args: ['Dev Collectible', 'DEVC', 'A test collectible', '#336699'],
  })
  const collectibleReceipt = await chain.waitForTransactionReceipt({ hash: collectibleHash })
  collectible = getAddress(collectibleReceipt.contractAddress as Address)
}, 60_000)

/** The modal on `network` with the visitor's account, and the wallet asking `request`. */
async function ask(network: NetworkConfig, request: ApprovalRequest) {
  const { modal } = renderView('Receive', {
    below: ['Account'],
    config: projectConfig({ networks: [network] }),
    state: connectedState(evmAccount, network),
  })
  const { approvals } = await modal.embeddedWallet.load()
  const answer = approvals.ask(request)
  await screen.findByRole('button', { name: text.reject })
  return { modal, answer }
}

const transfer = (to: Address, amount: bigint) =>
  encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [to, amount] })

// Approve arms only once the card is seen (useSeenArming).
beforeAll(fitModalUnscaled)

describe('ApproveTransaction: simulation', () => {
  test('behavior: a batch shows the account’s expected changes, “−0.5 ETH” and “+1,000 aUSD”', async () => {
    const network = anvilOn('anvil')
    const { answer } = await ask(network, {
      kind: 'calls',
      network: network.caipNetworkId,
      from: funder.address,
      calls: [
        { to: evmReceiver, value: parseEther('0.5') },
        {
          to: token,
          value: 0n,
          data: encodeFunctionData({
            abi: tokenAbi,
            functionName: 'mint',
            args: [funder.address, 1_000_000_000n],
          }),
        },
      ],
    })
    const changes = await screen.findByRole('region', { name: text.expectedChanges })
    await expect
      .poll(() =>
        Array.from(changes.querySelectorAll('[data-balance-change]')).map((row) => row.textContent),
      )
      .toEqual(['−0.5 ETH', '+1,000 aUSD'])
    const approve = screen.getByRole<HTMLButtonElement>('button', { name: text.approveButton })
    await expect.poll(() => approve.disabled).toBe(false)
    await userEvent.click(approve)
    await expect(answer).resolves.toBe(true)
  })

  test('behavior: an NFT in and the approvals a batch grants are shown, an unlimited one as such', async () => {
    const network = anvilOn('anvil')
    await ask(network, {
      kind: 'calls',
      network: network.caipNetworkId,
      from: funder.address,
      calls: [
        {
          to: collectible,
          value: 0n,
          data: encodeFunctionData({
            abi: collectibleAbi,
            functionName: 'mint',
            args: [funder.address],
          }),
        },
        {
          to: collectible,
          value: 0n,
          data: encodeFunctionData({
            abi: collectibleAbi,
            functionName: 'setApprovalForAll',
            args: [evmReceiver, true],
          }),
        },
        {
          to: token,
          value: 0n,
          data: encodeFunctionData({
            abi: tokenAbi,
            functionName: 'approve',
            args: [evmReceiver, 2n ** 256n - 1n],
          }),
        },
      ],
    })
    const changes = await screen.findByRole('region', { name: text.expectedChanges })
    expect(changes.querySelector('[data-nft-change="in"]')).toHaveTextContent(
      text.nftIn('1', collectible, '1'),
    )
    expect(changes.querySelector('[data-approval-granted="all"]')).toHaveTextContent(
      text.grantsAll(evmReceiver, collectible),
    )
    expect(changes.querySelector('[data-approval-granted="token"]')).toHaveTextContent(
      text.grantsToken(evmReceiver, text.unlimited),
    )
  })

  test('behavior: a revert shows the red warning with its reason; Approve asks a second time', async () => {
    const network = anvilOn('anvil')
    const { answer } = await ask(network, {
      kind: 'transaction',
      network: network.caipNetworkId,
      from: evmAccount,
      to: token,
      value: 0n,
      data: transfer(evmReceiver, 9_000_000_000n),
    })
    const warning = await screen.findByRole('alert')
    expect(warning).toHaveTextContent(text.likelyFail)
    expect(warning).toHaveTextContent('InsufficientBalance(0, 9000000000)')
    const approve = screen.getByRole<HTMLButtonElement>('button', { name: text.approveButton })
    await expect.poll(() => approve.disabled).toBe(false)
    await userEvent.click(approve)
    // The first press only asks; nothing is decided yet.
    expect(await screen.findByText(text.approveAnywayQuestion)).toBeVisible()
    const anyway = screen.getByRole<HTMLButtonElement>('button', { name: text.approveAnyway })
    await expect.poll(() => anyway.disabled).toBe(false)
    await userEvent.click(anyway)
    await expect(answer).resolves.toBe(true)
  })

  test('behavior: a revert can be rejected at once', async () => {
    const network = anvilOn('anvil')
    const { answer } = await ask(network, {
      kind: 'transaction',
      network: network.caipNetworkId,
      from: evmAccount,
      to: token,
      value: 0n,
      data: transfer(evmReceiver, 1n),
    })
    await screen.findByText(text.likelyFail)
    await userEvent.click(screen.getByRole('button', { name: text.reject }))
    await expect(answer).resolves.toBe(false)
  })

  test('behavior: on a node without eth_simulateV1, balance changes can’t be shown', async () => {
    const network = anvilOn('noSimulate')
    await ask(network, {
      kind: 'transaction',
      network: network.caipNetworkId,
      from: evmAccount,
      to: evmReceiver,
      value: parseEther('0.5'),
    })
    expect(await screen.findByText(text.untraced)).toBeVisible()
    expect(screen.queryByText(text.likelyFail)).toBeNull()
  })

  test('behavior: while a simulation runs Reject works; one that never ends says it timed out', async () => {
    const network = anvilOn('silent')
    const request: ApprovalRequest = {
      kind: 'transaction',
      network: network.caipNetworkId,
      from: evmAccount,
      to: evmReceiver,
      value: parseEther('0.5'),
    }
    const first = await ask(network, request)
    expect(await screen.findByText(text.simulating)).toBeVisible()
    expect(screen.getByRole('button', { name: text.approveButton })).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: text.reject }))
    await expect(first.answer).resolves.toBe(false)

    const second = await ask(network, request)
    expect(await screen.findByText(text.simulationTimedOut)).toBeVisible()
    const approve = screen.getByRole<HTMLButtonElement>('button', { name: text.approveButton })
    await expect.poll(() => approve.disabled).toBe(false)
    await userEvent.click(screen.getByRole('button', { name: text.reject }))
    await expect(second.answer).resolves.toBe(false)
  })
})

describe('ApproveTransaction: Solana simulation', () => {
  test('behavior: a SOL transfer shows the SOL going out with its fee', async () => {
    const network = solanaOnRpc()
    const from = solanaDevAccounts[0].address
    const { transaction } = await prepareSolanaTransfer({
      rpcUrl: network.rpcUrl,
      from,
      to: solanaDevAccounts[1].address,
      amount: 500_000_000n,
    })
    const { modal } = renderView('Receive', {
      below: ['Account'],
      config: projectConfig({ networks: [network] }),
      state: connectedState(from, network),
    })
    const { approvals } = await modal.embeddedWallet.load()
    const answer = approvals.ask({
      kind: 'transaction',
      network: network.caipNetworkId,
      from,
      send: true,
      instructions: [],
      wireTransaction: btoa(String.fromCharCode(...transaction)),
    })
    const changes = await screen.findByRole('region', { name: text.expectedChanges })
    await expect
      .poll(() =>
        Array.from(changes.querySelectorAll('[data-balance-change]')).map((row) => row.textContent),
      )
      .toEqual(['−0.500005 SOL'])
    await userEvent.click(screen.getByRole('button', { name: text.reject }))
    await expect(answer).resolves.toBe(false)
  })
})
