// EmailLogin's code step as the visitor sees it: six digit boxes drawn around one real field
// (labelled "Code", one-time-code autofill, numeric keyboard, focused), typed digits appearing
// in the boxes, a pasted code filling all six and sent at once; a wrong code answered with its
// tries left (the API's 200 `verified: false`), the right one signing in.
import { type EmailCodeRejected, emailCodeMaxAttempts } from '@airlock/protocol'
import { screen } from '@testing-library/dom'
import { expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import { emailLoginText as text } from '../../messages/emailLoginText'
import { testHost } from '../../test/fixtures'
import { type ApiRoutes, renderView } from '../../test/renderView'

const email = 'ada@example.com'
const project = '/v1/projects/test-project'

/** The code step, after the address was given; `signIn` answers each code sent. */
async function codeStep(signIn: (code: string) => unknown) {
  const sent: string[] = []
  const api: ApiRoutes = {
    [`POST ${project}/email/codes`]: () => ({ email, expiresAt: new Date().toISOString() }),
    [`POST ${project}/email/sessions`]: (_, request) => {
      const { code } = request.body as { code: string }
      sent.push(code)
      return signIn(code)
    },
  }
  const rendered = renderView('EmailLogin', { below: ['Connect'], state: { host: testHost }, api })
  await userEvent.fill(await screen.findByLabelText(text.email), email)
  await userEvent.click(screen.getByRole('button', { name: text.continue }))
  await screen.findByText(text.codeSentTo(email))
  const field = screen.getByLabelText(text.code) as HTMLInputElement
  const boxes = () =>
    [...rendered.container.querySelectorAll('[data-code-box]')].map((box) => box.textContent)
  return { field, boxes, sent }
}

const rejected = (triesLeft: number): EmailCodeRejected => ({
  verified: false,
  code: 'emailCodeInvalid',
  message: `That code is not right: ${triesLeft} tries left.`,
  triesLeft,
})

test('behavior: the code is one focused, labelled one-time-code field drawn as six boxes; typed digits appear in them', async () => {
  const { field, boxes, sent } = await codeStep(() => rejected(emailCodeMaxAttempts - 1))
  expect(boxes()).toEqual(['', '', '', '', '', ''])
  // One real field: autofill from the mail or SMS, the numeric keyboard, and the focus.
  expect(field.autocomplete).toBe('one-time-code')
  expect(field.inputMode).toBe('numeric')
  expect(field.maxLength).toBe(6)
  expect(document.activeElement).toBe(field)
  // The boxes are drawn, not read out: the field is what assistive tech meets.
  for (const box of document.querySelectorAll('[data-code-box]'))
    expect(box.getAttribute('aria-hidden')).toBe('true')

  await userEvent.keyboard('1a2')
  expect(field.value).toBe('12')
  expect(boxes()).toEqual(['1', '2', '', '', '', ''])
  // The box the next digit goes in is the one marked.
  expect(document.querySelector('[data-code-box][data-caret]')).toBe(
    document.querySelectorAll('[data-code-box]')[2],
  )
  expect(sent).toEqual([])
  await userEvent.keyboard('{Backspace}')
  expect(boxes()).toEqual(['1', '', '', '', '', ''])
})

test('behavior: a pasted code fills all six boxes and is sent; a wrong one says its tries left, the right one signs in', async () => {
  const right = '135790'
  const { field, boxes, sent } = await codeStep((code) =>
    code === right
      ? { email, hostOrigin: testHost.origin, expiresAt: new Date().toISOString() }
      : rejected(3),
  )
  // A real paste (the clipboard's text through Ctrl+V), as from the mail.
  const source = document.body.appendChild(document.createElement('input'))
  source.value = '246801'
  source.select()
  await userEvent.copy()
  source.remove()
  field.focus()
  await userEvent.paste()
  expect(boxes()).toEqual(['2', '4', '6', '8', '0', '1'])
  expect(await screen.findByRole('alert')).toHaveTextContent(text.codeNotRight(3))
  expect(sent).toEqual(['246801'])
  // The wrong code stays in its boxes to correct.
  expect(boxes()).toEqual(['2', '4', '6', '8', '0', '1'])

  await userEvent.fill(field, right)
  await expect.poll(() => sent).toEqual(['246801', right])
  // Signed in: the code step is over (the wallet is opened next), its refusal gone.
  await expect.poll(() => screen.queryByLabelText(text.code)).toBeNull()
  expect(screen.queryByText(text.codeNotRight(3))).toBeNull()
})
