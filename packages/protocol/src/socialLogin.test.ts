import { expect, test } from 'vitest'
import { emailSessionSchema } from './emailLogin'
import {
  socialCallbackMessageSchema,
  socialLoginOf,
  socialSessionSchema,
  socialSignInAnswerSchema,
  socialSignInRequestSchema,
} from './socialLogin'

const state = 'n_44akUdEcSmcOhMkj7WOaa-I3sTFt50hT0gzouejs8'
const grant = 'QzT3gO6j_SxGKZZJUIrl0i4ut19QNKa8CTM97ETXKJn'

test('behavior: the callback posts a grant for its state, or an error with or without one', () => {
  const granted = { type: 'airlock:social', state, grant }
  expect(socialCallbackMessageSchema.parse(granted)).toEqual(granted)
  const refused = {
    type: 'airlock:social',
    state,
    error: {
      code: 'socialIdentityTaken',
      message: 'This Google account is already linked to another wallet.',
    },
  }
  expect(socialCallbackMessageSchema.parse(refused)).toEqual(refused)
  const { state: _, ...stateless } = refused
  expect(socialCallbackMessageSchema.parse(stateless)).toEqual(stateless)
})

test.each([
  ['another type', { type: 'airlock:email', state, grant }],
  ['a grant not of its form', { type: 'airlock:social', state, grant: 'short' }],
  ['an unknown error code', { type: 'airlock:social', error: { code: 'teapot', message: 'no' } }],
  ['neither a grant nor an error', { type: 'airlock:social', state }],
])('behavior: a message with %s is not the callback’s', (_, message) => {
  expect(socialCallbackMessageSchema.safeParse(message).success).toBe(false)
})

test('behavior: a social account’s own login is never an email address', () => {
  expect(socialLoginOf('github', '583231')).toBe('social:github:583231')
  expect(socialLoginOf('google', '1').includes('@')).toBe(false)
})

test('behavior: a social session is an email session naming its provider and handle', () => {
  const session = {
    email: 'social:x:42',
    hostOrigin: 'https://shop.example',
    expiresAt: '2026-12-26T10:00:00.000Z',
    provider: 'x',
    handle: 'grace',
  }
  expect(socialSessionSchema.parse(session)).toEqual(session)
  expect(emailSessionSchema.parse(session)).toEqual(session)
  const { provider: _, handle: __, ...byCode } = session
  expect(emailSessionSchema.parse(byCode)).toEqual(byCode)
  expect(socialSessionSchema.safeParse(byCode).success).toBe(false)
  expect(
    socialSignInRequestSchema.safeParse({ hostOrigin: 'https://shop.example', grant: 'x' }).success,
  ).toBe(false)
})

test('behavior: a grant is redeemed with the secret of its frame; `link: true` is the visitor’s yes and nothing else is', () => {
  const secret = 'S2VlcCB0aGlzIHNlY3JldCBpbiB0aGUgZnJhbWUgb25seQ'.slice(0, 43)
  const request = { hostOrigin: 'https://shop.example', grant, secret }
  expect(socialSignInRequestSchema.parse(request)).toEqual(request)
  expect(socialSignInRequestSchema.parse({ ...request, link: true })).toEqual({
    ...request,
    link: true,
  })
  for (const wrong of [
    { hostOrigin: request.hostOrigin, grant },
    { ...request, secret: 'short' },
    { ...request, link: false },
    { ...request, link: 'yes' },
  ])
    expect(socialSignInRequestSchema.safeParse(wrong).success).toBe(false)
})

test('behavior: a redeemed grant answers the question of a link, or a session', () => {
  const question = {
    confirmLink: { provider: 'google', handle: 'ada', account: { email: 'ada@example.com' } },
  }
  expect(socialSignInAnswerSchema.parse(question)).toEqual(question)
  const session = {
    email: 'ada@example.com',
    hostOrigin: 'https://shop.example',
    expiresAt: '2026-12-26T10:00:00.000Z',
  }
  expect(socialSignInAnswerSchema.parse(session)).toEqual(session)
  expect(
    socialSignInAnswerSchema.safeParse({ confirmLink: { provider: 'myspace', handle: 'x' } })
      .success,
  ).toBe(false)
})
