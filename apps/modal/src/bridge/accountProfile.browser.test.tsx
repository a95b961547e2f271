// What a site's Connect button hears of the connected account, in Chromium: its primary name and
// avatar from the names registry (the test's routes answer as the API does) and its balance read
// from the test's anvil; nothing of one account is left over once another is connected.
import type { NameRecord } from '@airlock/protocol'
import { expect, test } from 'vitest'
import { airlockState } from '../stores/controllers'
import { anvilOn } from '../test/chain'
import { evmAccount } from '../test/fixtures'
import { connectedState, renderView } from '../test/renderView'

const avatar = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4='
const stranger = '0x000000000000000000000000000000000000dEaD'
const recordOf = (name: string): NameRecord => ({
  name,
  address: evmAccount,
  coinType: 0x80000000 + 31337,
  attributes: { avatar },
  createdAt: new Date().toISOString(),
})

test('behavior: the host hears the connected account’s name, avatar and balance, and nothing of it after a switch of account', async () => {
  const network = anvilOn('anvil')
  const { modal } = renderView('Connect', {
    state: { ...connectedState(evmAccount, network), networks: [network] },
    api: {
      'GET /v1/names': ({ address }) =>
        address === evmAccount ? { names: [recordOf('alice.airlock.eth')] } : { names: [] },
    },
  })
  await expect
    .poll(() => airlockState(modal.store.getState()))
    .toMatchObject({ name: 'alice.airlock.eth', avatar, balance: expect.stringMatching(/ ETH$/) })

  modal.store.setState({ ...connectedState(stranger, network) })
  // The first account's name is gone at once; the stranger has a balance and no name.
  expect(airlockState(modal.store.getState()).name).toBeUndefined()
  await expect.poll(() => airlockState(modal.store.getState()).balance).toMatch(/ ETH$/)
  expect(airlockState(modal.store.getState())).not.toHaveProperty('name')
  expect(airlockState(modal.store.getState())).not.toHaveProperty('avatar')

  modal.store.setState({ status: 'disconnected', address: undefined, caipAddress: undefined })
  const disconnected = airlockState(modal.store.getState())
  expect(disconnected).not.toHaveProperty('balance')
  expect(disconnected).not.toHaveProperty('name')
})
