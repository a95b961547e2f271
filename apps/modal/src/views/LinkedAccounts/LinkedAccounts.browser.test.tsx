// LinkedAccounts and the link question as the visitor sees them (issue 33): the account's ways in
// (its email, each linked social account), Unlink asked twice, signed for by the wallet's key
// (point 3: the DELETE carries a proof of the wallet, and a refusal is said in words) and refused
// for the way the wallet was made; and ConnectingSocial asking before a sign-in links a new social
// account to the wallet this frame is signed in to — Cancel goes back with nothing linked, Link is
// the yes. The wallet is made, confirmed and unlocked by the modal's own code against the test's
// wallet routes, which keep what the frame sends them as the API would.
import type { LinkedAccounts as LinkedAccountsList } from '@airlock/protocol'
import { screen, within } from '@testing-library/dom'
import { beforeAll, describe, expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import { HttpError, type RequestOptions } from '../../api'
import type { SocialOpening } from '../../embeddedWallet/embeddedWallet'
import { connectionErrors } from '../../messages'
import { emailLoginErrors } from '../../messages/emailLoginText'
import { linkedAccountsText, linkQuestionText } from '../../messages/linkedAccountsText'
import { signedIn, unlockWallet, walletRoutes } from '../../test/embeddedWallet'
import { renderView } from '../../test/renderView'

beforeAll(async () => {
  await import('../embeddedWalletViews')
})

const identitiesPath = '/v1/projects/test-project/identities'

const google = {
  provider: 'google' as const,
  subject: 'ada-google',
  handle: 'ada-google',
  linkedAt: '2026-01-02T00:00:00.000Z',
  primary: false,
}

describe('LinkedAccounts', () => {
  test('behavior: the email and each linked account are listed; Unlink asks twice, the wallet’s key signs for it, then the list is what is left', async () => {
    let accounts: LinkedAccountsList = { email: 'ada@example.com', identities: [google] }
    const wallet = walletRoutes('ada@example.com')
    const unlinks: RequestOptions[] = []
    const { apiCalls, modal } = renderView('LinkedAccounts', {
      below: ['Account'],
      state: signedIn('ada@example.com'),
      api: {
        ...wallet.routes,
        [`GET ${identitiesPath}`]: () => accounts,
        [`DELETE ${identitiesPath}/google/ada-google`]: (_, options) => {
          unlinks.push(options)
          accounts = { email: 'ada@example.com', identities: [] }
          return accounts
        },
      },
    })
    await unlockWallet(modal)
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
    // The proof: the API's challenge for unlinkIdentity, signed by the wallet's EVM key.
    const proof = await wallet.proofOf(unlinks[0] as RequestOptions)
    expect(proof?.signer).toBe(wallet.evmAddress())
    expect(proof?.message).toContain('Airlock: Remove a way to sign in to this wallet.')
    await expect
      .poll(() => modal.store.getState().toast?.message)
      .toBe(linkedAccountsText.unlinked('Google · ada-google'))
    // The project's social logins, to link another account.
    expect(screen.getByRole('list', { name: linkedAccountsText.linkAnother })).toBeVisible()
  })

  test('error: a proof the API refuses is said in words, and the account stays in the list', async () => {
    const wallet = walletRoutes('ada-refused@example.com')
    const { modal } = renderView('LinkedAccounts', {
      below: ['Account'],
      state: signedIn('ada-refused@example.com'),
      api: {
        ...wallet.routes,
        [`GET ${identitiesPath}`]: () => ({
          email: 'ada-refused@example.com',
          identities: [google],
        }),
        [`DELETE ${identitiesPath}/google/ada-google`]: () =>
          new HttpError(401, {
            error: {
              code: 'embeddedWalletProofInvalid',
              message:
                "This needs your wallet's confirmation, and it is missing, spent or not this wallet's: confirm again.",
            },
          }),
      },
    })
    await unlockWallet(modal)
    const list = await screen.findByRole('list', { name: linkedAccountsText.listLabel })
    await expect.poll(() => within(list).queryAllByRole('listitem').length).toBe(2)
    const linked = within(list).getAllByRole('listitem')[1] as HTMLElement
    await userEvent.click(within(linked).getByRole('button', { name: linkedAccountsText.unlink }))
    await userEvent.click(
      within(linked).getByRole('button', { name: linkedAccountsText.confirmUnlink }),
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(
      emailLoginErrors.embeddedWalletProofInvalid as string,
    )
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    expect(within(linked).getByRole('button', { name: linkedAccountsText.unlink })).toBeVisible()
  })

  test('security: a wallet locked in this frame signs nothing: no unlink is sent, and the view says so', async () => {
    const { apiCalls } = renderView('LinkedAccounts', {
      below: ['Account'],
      state: signedIn('ada-locked@example.com'),
      api: {
        ...walletRoutes('ada-locked@example.com').routes,
        [`GET ${identitiesPath}`]: () => ({
          email: 'ada-locked@example.com',
          identities: [google],
        }),
      },
    })
    const list = await screen.findByRole('list', { name: linkedAccountsText.listLabel })
    await expect.poll(() => within(list).queryAllByRole('listitem').length).toBe(2)
    const linked = within(list).getAllByRole('listitem')[1] as HTMLElement
    await userEvent.click(within(linked).getByRole('button', { name: linkedAccountsText.unlink }))
    await userEvent.click(
      within(linked).getByRole('button', { name: linkedAccountsText.confirmUnlink }),
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(
      connectionErrors.notConnectedToEmailOrSocial,
    )
    expect(
      apiCalls.filter((call) => call.method === 'DELETE' || /challenges$/.test(call.path)),
    ).toEqual([])
  })

  test('error: an account unlinked meanwhile elsewhere is said, and the list shows what is left', async () => {
    let accounts: LinkedAccountsList = { email: 'ada-gone@example.com', identities: [google] }
    const wallet = walletRoutes('ada-gone@example.com')
    const { modal } = renderView('LinkedAccounts', {
      below: ['Account'],
      state: signedIn('ada-gone@example.com'),
      api: {
        ...wallet.routes,
        [`GET ${identitiesPath}`]: () => accounts,
        [`DELETE ${identitiesPath}/google/ada-google`]: () => {
          accounts = { email: 'ada-gone@example.com', identities: [] }
          return new HttpError(404, {
            error: {
              code: 'socialIdentityNotFound',
              message: 'This Google account is not linked to your wallet.',
            },
          })
        },
      },
    })
    await unlockWallet(modal)
    const list = await screen.findByRole('list', { name: linkedAccountsText.listLabel })
    await expect.poll(() => within(list).queryAllByRole('listitem').length).toBe(2)
    const linked = within(list).getAllByRole('listitem')[1] as HTMLElement
    await userEvent.click(within(linked).getByRole('button', { name: linkedAccountsText.unlink }))
    await userEvent.click(
      within(linked).getByRole('button', { name: linkedAccountsText.confirmUnlink }),
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(linkedAccountsText.notLinked)
    await expect.poll(() => within(list).queryAllByRole('listitem').length).toBe(1)
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
