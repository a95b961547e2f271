// RegisterAccountName as the visitor sees it (spec §4 "Name registration", §5 "Account name",
// §8 name errors): the rule as they type, availability in words, suggestions for a taken name,
// and Register: the wallet signs the name message for real (anvil's account #1 key, public), the
// test's registry checks the signature and answers as the API does.
import {
  accountNameErrors,
  coinTypeOfChainId,
  type NameRecord,
  nameErrors,
  readNameMessage,
  toastMessages,
  UserRejectedRequestError,
} from '@airlock/protocol'
import { screen } from '@testing-library/dom'
import { getAddress, type Hex, hexToString, verifyMessage } from 'viem'
import { expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import { HttpError } from '../../api'
import { viewTitles } from '../../messages'
import { registerNameText as text } from '../../messages/registerNameText'
import { evmAccount, evmSigner, testHost, testHostWallet } from '../../test/fixtures'
import { connectedState, renderView } from '../../test/renderView'

const parent = 'airlock.eth'
const recordOf = (name: string): NameRecord => ({
  name,
  address: evmAccount,
  coinType: coinTypeOfChainId(31337),
  attributes: {},
  createdAt: new Date().toISOString(),
})

type Registration = { coinType: number; address: string; signature: Hex; message: string }

/** The view for the connected account, the registry holding `taken`. */
function renderRegister({
  taken = ['alice'],
  sign = (message: string): Promise<unknown> => evmSigner.signMessage({ message }),
  refuse,
}: {
  taken?: string[]
  sign?: (message: string) => Promise<unknown>
  refuse?: HttpError
} = {}) {
  const registry = new Map(
    taken.map((label) => [`${label}.${parent}`, recordOf(`${label}.${parent}`)]),
  )
  const registrations: Registration[] = []
  const rendered = renderView('RegisterAccountName', {
    below: ['Account'],
    state: { ...connectedState(evmAccount), hostWallets: [testHostWallet], host: testHost },
    walletRequest: async (_, request) => {
      if (request.method !== 'personal_sign') return null
      const [hex] = request.params as [Hex]
      return sign(hexToString(hex))
    },
    api: {
      // Asked under the project's parent: its id is sent.
      'GET /v1/names/suggestions': ({ name = '', projectId }) =>
        projectId !== 'test-project'
          ? new HttpError(404, {})
          : {
              suggestions: [name, `${name}1`, `${name}xyz`]
                .map((label) => `${label}.${parent}`)
                .filter((full) => !registry.has(full)),
            },
      // A name's lookup (an empty list when it is free), or an address's names.
      'GET /v1/names': ({ address, name }) => {
        const record = name === undefined ? undefined : registry.get(name)
        if (name !== undefined) return { names: record ? [record] : [] }
        return {
          names: [...registry.values()].filter((record) => record.address === address).reverse(),
        }
      },
      'POST /v1/projects/test-project/names': async (query, { body }) => {
        if (query.hostOrigin !== testHost.origin) return new HttpError(403, {})
        if (refuse) return refuse
        const registration = body as Registration
        registrations.push(registration)
        const valid = await verifyMessage({
          address: registration.address as Hex,
          message: registration.message,
          signature: registration.signature,
        })
        if (!valid)
          return new HttpError(401, { error: { code: 'nameSignatureInvalid', message: 'bad' } })
        const read = readNameMessage(registration.message)
        if (!read.data)
          return new HttpError(400, {
            error: { code: 'nameMessageInvalid', message: read.problem },
          })
        const { name } = read.data
        const record = recordOf(name)
        registry.set(name, record)
        return record
      },
    },
  })
  return { ...rendered, registrations }
}

const nameField = () => screen.findByRole('textbox', { name: text.label })

test('behavior: the account-name rule is said before the visitor types, and what breaks it as they type', async () => {
  renderRegister()
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
    viewTitles.RegisterAccountName,
  )
  const field = await nameField()
  expect(field).toHaveAccessibleDescription(
    'At least 4 characters: lowercase letters, digits and hyphens',
  )
  await userEvent.type(field, 'ab')
  expect(await screen.findByRole('alert')).toHaveTextContent(accountNameErrors.tooShort)
  await userEvent.type(field, '_c')
  expect(await screen.findByRole('alert')).toHaveTextContent(accountNameErrors.invalidCharacters)
  await userEvent.clear(field)
  await userEvent.type(field, 'Carol')
  expect(await screen.findByRole('alert')).toHaveTextContent(text.lowercase)
  expect(field).toHaveAccessibleDescription(text.lowercase)
  expect(screen.getByRole('button', { name: text.register })).toBeDisabled()
})

test("behavior: a taken name says 'Taken' and offers free names like it; one fills the field and is 'Available'", async () => {
  renderRegister()
  await userEvent.type(await nameField(), 'alice')
  expect(await screen.findByText(text.taken)).toBeVisible()
  expect(screen.getByText(`.${parent}`)).toBeVisible()
  expect(screen.getByRole('button', { name: text.register })).toBeDisabled()
  await userEvent.click(await screen.findByRole('button', { name: `alice1.${parent}` }))
  expect(await nameField()).toHaveValue('alice1')
  expect(await screen.findByText(text.available)).toBeVisible()
  expect(screen.getByRole('button', { name: text.register })).toBeEnabled()
})

test('behavior: Register has the wallet sign the name message, the API takes it, and RegisterAccountNameSuccess shows the name', async () => {
  const { modal, registrations } = renderRegister()
  await userEvent.type(await nameField(), 'carol')
  expect(await screen.findByText(text.available)).toBeVisible()
  await userEvent.click(screen.getByRole('button', { name: text.register }))
  await expect.poll(() => modal.navigation.view()).toBe('RegisterAccountNameSuccess')
  expect(await screen.findByText(text.registered(`carol.${parent}`))).toBeVisible()
  const [sent] = registrations
  expect(sent).toMatchObject({ address: evmAccount, coinType: coinTypeOfChainId(31337) })
  // The wallet showed readable lines binding the name, the account, its chain and the site.
  expect(readNameMessage(sent?.message ?? '').data).toMatchObject({
    action: 'register',
    name: `carol.${parent}`,
    address: getAddress(evmAccount),
    chainId: 31337,
    site: testHost.origin,
    attributes: {},
  })
  expect(sent?.message).toMatch(
    new RegExp(
      `^${new URL(testHost.origin).host} asks you to register this name for your account:\n`,
    ),
  )
  await userEvent.click(screen.getByRole('button', { name: text.done }))
  await expect.poll(() => modal.navigation.view()).toBe('Account')
})

test("error: an API refusal shows 'Error registering name {name}' and the API's message, and the view stays", async () => {
  const { modal } = renderRegister({
    refuse: new HttpError(409, {
      error: { code: 'nameTaken', message: `Someone has "dave.${parent}" already.` },
    }),
  })
  await userEvent.type(await nameField(), 'dave')
  expect(await screen.findByText(text.available)).toBeVisible()
  await userEvent.click(screen.getByRole('button', { name: text.register }))
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent(nameErrors.errorRegisteringName(`dave.${parent}`))
  expect(alert).toHaveTextContent(`Someone has "dave.${parent}" already.`)
  expect(modal.navigation.view()).toBe('RegisterAccountName')
})

test("error: a declined signature shows 'Signature declined' and the view stays, nothing registered", async () => {
  const { modal, registrations } = renderRegister({
    sign: async () => {
      throw new UserRejectedRequestError()
    },
  })
  await userEvent.type(await nameField(), 'carol')
  expect(await screen.findByText(text.available)).toBeVisible()
  await userEvent.click(screen.getByRole('button', { name: text.register }))
  expect(await screen.findByText(toastMessages.signatureDeclined)).toBeVisible()
  expect(modal.navigation.view()).toBe('RegisterAccountName')
  expect(registrations).toEqual([])
  expect(screen.getByRole('button', { name: text.register })).toBeEnabled()
})
