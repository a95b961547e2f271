// AccountNames as the visitor sees it: their names, the primary one marked, another made primary
// with the wallet's real signature of a readable `primary` message (anvil's account #1 key,
// public); the primary name's records edited, a data: avatar previewed, bad links said in words
// before the wallet is asked, a declined signature changing nothing. The test's registry checks
// the signature and answers as the API does.
import {
  type NameRecord,
  type NameRegisterRequest,
  readNameMessage,
  toastMessages,
  UserRejectedRequestError,
} from '@airlock/protocol'
import { screen, within } from '@testing-library/dom'
import { getAddress, type Hex, hexToString, verifyMessage } from 'viem'
import { expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import { HttpError } from '../../api'
import { accountNamesText as text } from '../../messages/accountNamesText'
import { evmAccount, evmSigner, testHost, testHostWallet } from '../../test/fixtures'
import { connectedState, renderView } from '../../test/renderView'

const coinType = 0x80000000 + 31337
const recordOf = (name: string, attributes: NameRecord['attributes'] = {}): NameRecord => ({
  name,
  address: evmAccount,
  coinType,
  attributes,
  createdAt: new Date().toISOString(),
})
const nftPicture =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIGlkPSJuZnQiLz4='
const avatar = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4='

function renderNames({
  sign = (message: string): Promise<unknown> => evmSigner.signMessage({ message }),
}: {
  sign?: (message: string) => Promise<unknown>
} = {}) {
  // Newest first, as the API answers before a choice.
  let names = [recordOf('alice-work.airlock.eth'), recordOf('alice.airlock.eth')]
  const sent: { path: string; body: NameRegisterRequest }[] = []
  const checked = async (path: string, body: NameRegisterRequest) => {
    sent.push({ path, body })
    const valid = await verifyMessage({
      address: body.address as Hex,
      message: body.message,
      signature: body.signature as Hex,
    })
    const read = readNameMessage(body.message)
    if (!valid || !read.data)
      return new HttpError(401, { error: { code: 'nameSignatureInvalid', message: 'bad' } })
    return read.data
  }
  const rendered = renderView('AccountNames', {
    below: ['Account'],
    state: { ...connectedState(evmAccount), hostWallets: [testHostWallet], host: testHost },
    walletRequest: async (_, request) => {
      if (request.method !== 'personal_sign') return null
      const [hex] = request.params as [Hex]
      return sign(hexToString(hex))
    },
    api: {
      'GET /v1/names': () => ({ names }),
      // The picture the API finds for an avatar, as it would for an NFT's: inline.
      'GET /v1/names/avatar': ({ avatar = '', address }) =>
        avatar === 'eip155:1/erc721:0xb47e3cd837dDF8e4c57F05d70Ab865de6e193BBB/7' &&
        address === evmAccount
          ? { avatarImage: nftPicture }
          : {},
      'POST /v1/projects/test-project/names/alice.airlock.eth/primary': async (_, { body }) => {
        const data = await checked('primary', body as NameRegisterRequest)
        if (data instanceof HttpError) return data
        names = [...names].sort((a) => (a.name === data.name ? -1 : 1))
        return { names }
      },
      'POST /v1/projects/test-project/names/alice-work.airlock.eth/records': async (
        _,
        { body },
      ) => {
        const data = await checked('records', body as NameRegisterRequest)
        if (data instanceof HttpError) return data
        const record = recordOf(data.name, data.attributes)
        names = names.map((name) => (name.name === data.name ? record : name))
        return record
      },
    },
  })
  return { ...rendered, sent }
}

const rows = () => screen.findAllByRole('listitem')

test('behavior: the names are listed, the primary one marked; Make primary has the wallet sign a readable primary message and moves it first', async () => {
  const { sent } = renderNames()
  const [first, second] = await rows()
  expect(first).toHaveTextContent('alice-work.airlock.eth')
  expect(within(first as HTMLElement).getByText(text.primary)).toBeVisible()
  expect(second).toHaveTextContent('alice.airlock.eth')

  await userEvent.click(screen.getByRole('button', { name: text.makePrimary('alice.airlock.eth') }))

  expect(await screen.findByText(text.primaryChosen('alice.airlock.eth'))).toBeVisible()
  await expect.poll(async () => (await rows())[0]?.textContent).toContain('alice.airlock.eth')
  const [choice] = sent
  expect(choice?.body.coinType).toBe(coinType)
  expect(readNameMessage(choice?.body.message ?? '').data).toMatchObject({
    action: 'primary',
    name: 'alice.airlock.eth',
    address: getAddress(evmAccount),
    chainId: 31337,
    site: testHost.origin,
    attributes: {},
  })
  expect(choice?.body.message.split('\n')[0]).toBe(
    `${new URL(testHost.origin).host} asks you to make this name your primary name:`,
  )
})

test('behavior: the primary name’s records are edited, the avatar previewed, and Save signs them all', async () => {
  const { sent } = renderNames()
  const records = await screen.findByRole('form', { name: text.records('alice-work.airlock.eth') })
  const field = (label: string) => within(records).getByRole('textbox', { name: label })
  // Filled at once, as a visitor pastes a picture's address (typed key by key it outlasts the
  // test's time on a loaded machine).
  await userEvent.fill(field(text.avatar), avatar)
  const preview = within(records).getByRole('figure', { name: text.avatarPreview })
  await expect.poll(() => preview.querySelector('img')?.getAttribute('src')).toBe(avatar)
  await userEvent.type(field(text.description), 'Alice at work')
  await userEvent.fill(field(text.url), 'https://alice.example/')
  await userEvent.type(field(text.twitter), 'alice')
  await userEvent.type(field(text.github), 'alice')
  await userEvent.click(within(records).getByRole('button', { name: text.save }))

  expect(await screen.findByText(text.saved)).toBeVisible()
  expect(readNameMessage(sent[0]?.body.message ?? '').data).toMatchObject({
    action: 'records',
    name: 'alice-work.airlock.eth',
    attributes: {
      avatar,
      description: 'Alice at work',
      url: 'https://alice.example/',
      'com.twitter': 'alice',
      'com.github': 'alice',
    },
  })
})

test('behavior: an NFT avatar typed is previewed by the picture the API finds for it; one that shows none says so', async () => {
  renderNames()
  const records = await screen.findByRole('form', { name: text.records('alice-work.airlock.eth') })
  const field = within(records).getByRole('textbox', { name: text.avatar })
  const preview = within(records).getByRole('figure', { name: text.avatarPreview })
  await userEvent.fill(field, 'eip155:1/erc721:0xb47e3cd837dDF8e4c57F05d70Ab865de6e193BBB/7')
  await expect.poll(() => preview.querySelector('img')?.getAttribute('src')).toBe(nftPicture)
  await userEvent.clear(field)
  await userEvent.type(field, 'https://img.example/none.png')
  expect(await within(preview).findByText(text.noPreview)).toBeVisible()
  expect(preview.querySelector('img')).toBeNull()
})

test('error: a link that is not one is said in words, and the wallet is not asked', async () => {
  const asked: string[] = []
  const { sent } = renderNames({
    sign: async (message) => {
      asked.push(message)
      return evmSigner.signMessage({ message })
    },
  })
  const records = await screen.findByRole('form', { name: text.records('alice-work.airlock.eth') })
  await userEvent.type(
    within(records).getByRole('textbox', { name: text.url }),
    'javascript:alert(1)',
  )
  await userEvent.type(within(records).getByRole('textbox', { name: text.twitter }), '@alice')
  await userEvent.click(within(records).getByRole('button', { name: text.save }))

  const alerts = await within(records).findAllByRole('alert')
  expect(alerts.map((alert) => alert.textContent)).toEqual([
    `${text.url}: must be an http(s) URL`,
    `${text.twitter}: must be an X (Twitter) handle: 1 to 15 letters, digits or _, without @`,
  ])
  expect(asked).toEqual([])
  expect(sent).toEqual([])
})

test("error: a declined signature shows 'Signature declined' and nothing is sent", async () => {
  const { sent } = renderNames({
    sign: async () => {
      throw new UserRejectedRequestError()
    },
  })
  await userEvent.click(
    await screen.findByRole('button', { name: text.makePrimary('alice.airlock.eth') }),
  )
  expect(await screen.findByText(toastMessages.signatureDeclined)).toBeVisible()
  expect(sent).toEqual([])
  expect((await rows())[0]).toHaveTextContent('alice-work.airlock.eth')
})
