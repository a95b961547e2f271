import { nameErrors } from '@airlock/protocol'
import { afterEach, expect, test, vi } from 'vitest'
import { type ApiTransport, createApiClient, HttpError } from '../api'
import { queryClientOf } from '../queries/queryClient'
import { createModalStore } from '../stores/store'
import { type NamesContext, nameCacheMs, nameLookupQuery, reverseNameQuery } from './nameQueries'
import { createNamesApi, isNamesOff, NamesApiError } from './namesApi'
import { registerName } from './registerName'
import type { NameWallet } from './signNameMessage'

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const record = {
  name: 'alice.airlock.eth',
  address,
  coinType: 60,
  attributes: {},
  createdAt: '2026-11-26T12:00:00.000Z',
}

/** The name calls on an API that answers `answer`, counting the calls. */
function names(answer: (path: string) => unknown) {
  const calls: string[] = []
  const transport = (async (_method, path) => {
    calls.push(path)
    const answered = answer(path)
    if (answered instanceof Error) throw answered
    return answered
  }) as ApiTransport
  const store = createModalStore({ projectId: 'test-project', project: null, error: null })
  const context = {
    apiFetch: createApiClient(transport).apiFetch,
    store,
    walletRequest: () => undefined,
  }
  return { api: namesOf(context), calls, store }
}

/** The name calls as a flow makes them, through the same kept answers as the views'. */
function namesOf(context: NamesContext & NameWallet) {
  const client = queryClientOf(context.store)
  return {
    lookup: async (name: string) =>
      (await client.fetchQuery(nameLookupQuery(context, name))) ?? undefined,
    reverse: (address: string) => client.fetchQuery(reverseNameQuery(context, address)),
    suggestions: (wanted: string) => createNamesApi(context.apiFetch).suggestions(wanted),
    register: (name: string) => registerName(context, name),
  }
}

afterEach(() => {
  vi.useRealTimers()
})

test('behavior: a reverse lookup is kept 5 minutes (spec §9 ENS cache), then asked again', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  const { api, calls } = names(() => ({ names: [record] }))
  expect(await api.reverse(address)).toEqual([record])
  expect(await api.reverse(address.toLowerCase())).toEqual([record])
  expect(calls).toHaveLength(1)
  vi.setSystemTime(Date.now() + nameCacheMs + 1)
  await api.reverse(address)
  expect(calls).toHaveLength(2)
})

test('behavior: a lookup of a name no one has answers undefined (free), asked as a list', async () => {
  const { api, calls } = names(() => ({ names: [] }))
  expect(await api.lookup('bob.airlock.eth')).toBeUndefined()
  expect(calls).toEqual(['/v1/names'])
})

test("error: a failed lookup is 'Error resolving name' with the API's message, and is not kept", async () => {
  const { api, calls } = names(
    () => new HttpError(429, { error: { code: 'rateLimited', message: 'Slow down.' } }),
  )
  const error = await api.lookup('bob.airlock.eth').catch((error: unknown) => error)
  expect(error).toBeInstanceOf(NamesApiError)
  expect(error).toMatchObject({ message: nameErrors.errorResolvingName, details: 'Slow down.' })
  await api.lookup('bob.airlock.eth').catch(() => {})
  expect(calls).toHaveLength(2)
})

test("error: names off on the API is told apart: 'Error fetching names for address', namesNotConfigured", async () => {
  const { api } = names(
    () => new HttpError(404, { error: { code: 'namesNotConfigured', message: 'Off.' } }),
  )
  const error = await api.reverse(address).catch((error: unknown) => error)
  expect(error).toMatchObject({ message: nameErrors.errorFetchingNamesForAddress })
  expect(isNamesOff(error)).toBe(true)
  await expect(api.suggestions('alice')).rejects.toThrow(nameErrors.errorFetchingNameSuggestions)
})

test('behavior: names being off is kept like an answer: Account does not ask again on each open', async () => {
  const { api, calls } = names(
    () => new HttpError(404, { error: { code: 'namesNotConfigured', message: 'Off.' } }),
  )
  const first = await api.reverse(address).catch((error: unknown) => error)
  expect(isNamesOff(first)).toBe(true)
  const again = await api.reverse(address).catch((error: unknown) => error)
  expect(isNamesOff(again)).toBe(true)
  expect(calls).toHaveLength(1)
})

test('behavior: names off is known for every address and name after one refusal, each call in its own words', async () => {
  const { api, calls } = names(
    () => new HttpError(404, { error: { code: 'namesNotConfigured', message: 'Off.' } }),
  )
  await api.reverse(address).catch(() => {})
  const other = await api
    .reverse('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')
    .catch((error: unknown) => error)
  expect(other).toMatchObject({ message: nameErrors.errorFetchingNamesForAddress })
  expect(isNamesOff(other)).toBe(true)
  const lookup = await api.lookup('bob.airlock.eth').catch((error: unknown) => error)
  expect(lookup).toMatchObject({ message: nameErrors.errorResolvingName, details: 'Off.' })
  expect(isNamesOff(lookup)).toBe(true)
  expect(calls).toHaveLength(1)
})

test("error: registering with no eip155 network is 'Network not found', with no address 'Address or auth connector not found'", async () => {
  const { api, calls, store } = names(() => ({}))
  const registering = () => api.register('alice.airlock.eth').catch((error: unknown) => error)
  const failure = nameErrors.errorRegisteringName('alice.airlock.eth')
  expect(await registering()).toMatchObject({
    message: failure,
    details: nameErrors.networkNotFound,
  })
  store.setState({ activeNetwork: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
  expect(await registering()).toMatchObject({ details: nameErrors.networkNotFound })
  store.setState({ activeNetwork: 'eip155:31337', address: undefined })
  expect(await registering()).toMatchObject({
    message: failure,
    details: nameErrors.addressOrAuthConnectorNotFound,
  })
  expect(calls).toEqual([])
})
