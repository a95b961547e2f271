// LinkedAccounts and the link question as the visitor sees them (issue 33): the account's ways in
// (its email, each linked social account), Unlink asked twice and refused for the way the wallet
// was made; and ConnectingSocial asking before a sign-in links a new social account to the wallet
// this frame is signed in to — Cancel goes back with nothing linked, Link is the yes.
import type { LinkedAccounts as LinkedAccountsList } from '@airlock/protocol'
import { screen, within } from '@testing-library/dom'
import { beforeAll, describe, expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import { embeddedWalletId } from '../../connectors/embeddedWallet/embeddedWalletId'
import type { SocialOpening } from '../../embeddedWallet/embeddedWallet'
import { linkedAccountsText, linkQuestionText } from '../../messages/linkedAccountsText'
import { evmAccount } from '../../test/fixtures'
import { anvil, connectedState, renderView } from '../../test/renderView'

beforeAll(async () => {
  await import('../embeddedWalletViews')
})

const identitiesPath = '/v1/projects/test-project/identities'

/** Connected with the embedded wallet, signed in as `login` (its email, or its handle). */
function signedIn(login: string, provider = 'email') {
  const connected = connectedState(evmAccount, anvil)
  return {
    ...connected,
    host: { origin: location.origin, href: location.href, sdkVersion: 'test' },
    connectorId: embeddedWalletId,
    connections: [
      {
        id: embeddedWalletId,
        walletId: embeddedWalletId,
        name: 'Email',
        icon: '',
        authName: login,
        authProvider: provider,
        accounts: [evmAccount],
      },
    ],
    activeConnectionId: embeddedWalletId,
  }
}

const google = {
  provider: 'google' as const,
  subject: 'ada-google',
  handle: 'ada-google',
  linkedAt: '2026-01-02T00:00:00.000Z',
  primary: false,
}

describe('LinkedAccounts', () => {
  test('behavior: the email and each linked account are listed; Unlink asks twice, then the list is what is left', async () => {
    let accounts: LinkedAccountsList = { email: 'ada@example.com', identities: [google] }
    const { apiCalls, modal } = renderView('LinkedAccounts', {
      below: ['Account'],
      state: signedIn('ada@example.com'),
      api: {
        [`GET ${identitiesPath}`]: () => accounts,
        [`DELETE ${identitiesPath}/google/ada-google`]: () => {
          accounts = { email: 'ada@example.com', identities: [] }
          return accounts
        },
      },
    })
    const list = await screen.findByRole('list', { name: linkedAccountsText.listLabel })
    await expect.poll(() => within(list).queryAllByRole('listitem').length).toBe(2)
    const [email, linked] = within(list).getAllByRole('listitem')
    expect(email).toHaveTextContent('ada@example.com')
    expect(email).toHaveTextContent(linkedAccountsText.madeWith)
    expect(within(email as HTMLElement).queryByRole('button')).toBeNull()
    expect(linked).toHaveTextContent('Google · ada-google')

    const unlink = within(linked as HTMLElement).getByRole('button', {
      name: linkedAccountsText.unlink,
    })
    await userEvent.click(unlink)
    expect(apiCalls.filter((call) => call.method === 'DELETE')).toEqual([])
    await userEvent.click(
      within(linked as HTMLElement).getByRole('button', {
        name: linkedAccountsText.confirmUnlink,
      }),
    )
    await expect.poll(() => within(list).queryAllByRole('listitem').length).toBe(1)
    expect(apiCalls.filter((call) => call.method === 'DELETE')).toEqual([
      {
        method: 'DELETE',
        path: `${identitiesPath}/google/ada-google`,
        query: { hostOrigin: location.origin },
      },
    ])
    await expect
      .poll(() => modal.store.getState().toast?.message)
      .toBe(linkedAccountsText.unlinked('Google · ada-google'))
    // The project's social logins, to link another account.
    expect(screen.getByRole('list', { name: linkedAccountsText.linkAnother })).toBeVisible()
  })

  test('behavior: the social account the wallet was made with has no Unlink: it is its own way in', async () => {
    renderView('LinkedAccounts', {
      below: ['Account'],
      state: signedIn('grace', 'discord'),
      api: {
        [`GET ${identitiesPath}`]: () => ({
          identities: [
            {
              provider: 'discord',
              subject: 'grace',
              handle: 'grace',
              linkedAt: '2026-01-01T00:00:00.000Z',
              primary: true,
            },
            { ...google, subject: 'grace-google', handle: 'grace-google' },
          ],
        }),
      },
    })
    const list = await screen.findByRole('list', { name: linkedAccountsText.listLabel })
    await expect.poll(() => within(list).queryAllByRole('listitem').length).toBe(2)
    const [made, linked] = within(list).getAllByRole('listitem')
    expect(made).toHaveTextContent('Discord · grace')
    expect(made).toHaveTextContent(linkedAccountsText.madeWith)
    expect(within(made as HTMLElement).queryByRole('button')).toBeNull()
    expect(
      within(linked as HTMLElement).getByRole('button', { name: linkedAccountsText.unlink }),
    ).toBeVisible()
  })
})

describe('ConnectingSocial: the link question', () => {
  const question = (confirm: () => Promise<SocialOpening>) => ({
    status: 'confirmLink' as const,
    link: {
      provider: 'google' as const,
      handle: 'ada-google',
      account: { email: 'ada@example.com' },
    },
    confirm: confirm as () => Promise<never>,
  })

  test('behavior: it says what would be linked to which wallet; Cancel goes back and links nothing', async () => {
    let confirmed = 0
    const { router } = renderView('ConnectingSocial', {
      below: ['Connect'],
      state: {
        social: {
          provider: 'google',
          login: Promise.resolve(
            question(async () => {
              confirmed++
              return { status: 'needsRecovery' }
            }),
          ),
        },
      },
    })
    expect(await screen.findByText(linkQuestionText.title('Google · ada-google'))).toBeVisible()
    expect(screen.getByText(linkQuestionText.explain('ada@example.com'))).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: linkQuestionText.cancel }))
    await expect.poll(() => router.state.location.pathname).toBe('/Connect')
    expect(confirmed).toBe(0)
  })

  test('behavior: Link is the yes: the sign-in goes on to the wallet', async () => {
    let confirmed = 0
    renderView('ConnectingSocial', {
      below: ['Connect'],
      state: {
        social: {
          provider: 'google',
          login: Promise.resolve(
            question(async () => {
              confirmed++
              return { status: 'needsRecovery' }
            }),
          ),
        },
      },
    })
    await userEvent.click(await screen.findByRole('button', { name: linkQuestionText.link }))
    expect(await screen.findByRole('button', { name: 'Restore wallet' })).toBeVisible()
    expect(confirmed).toBe(1)
  })
})
