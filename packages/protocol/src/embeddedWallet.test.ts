import { expect, test } from 'vitest'
import { emailChangeConfirmSchema } from './emailLogin'
import { embeddedWalletDeviceCreateSchema, isEmbeddedWalletDeviceId } from './embeddedWallet'

const label = (value: string) =>
  embeddedWalletDeviceCreateSchema.safeParse({
    hostOrigin: 'https://shop.example',
    label: value,
    proof: { challengeId: 'A'.repeat(43), signature: `0x${'1'.repeat(130)}` },
  })

test.each([
  ['  Chrome on macOS  ', 'Chrome on macOS'],
  ['x'.repeat(80), 'x'.repeat(80)],
  ['Ada’s iPhone 👩‍💻', 'Ada’s iPhone 👩‍💻'],
])('behavior: the device label %j is kept as %j', (given, kept) => {
  expect(label(given).data?.label).toBe(kept)
})

test.each([
  ['empty', ''],
  ['only spaces', '   '],
  ['81 characters', 'x'.repeat(81)],
  ['a line break', 'Chrome\non macOS'],
  ['a NUL', 'Chrome\u0000'],
  ['a C1 control', 'Chrome\u0085'],
  ['a right-to-left override', 'Chrome \u202Esocam'],
  ['a bidirectional isolate', 'Chrome \u2067x'],
])('behavior: a device label with %s is refused', (_, given) => {
  expect(label(given).success).toBe(false)
})

test.each([
  ['q1Zb0m3c6Jg2WvH1p0Yx8A', true],
  ['q1Zb0m3c6Jg2WvH1p0Yx8', false],
  ['q1Zb0m3c6Jg2WvH1p0Yx8A=', false],
  ['q1Zb0m3c6Jg2WvH1p0Yx+A', false],
  [22, false],
])('behavior: isEmbeddedWalletDeviceId(%j) is %s', (value, expected) => {
  expect(isEmbeddedWalletDeviceId(value)).toBe(expected)
})

test('behavior: an email change is confirmed with its id and two 6-digit codes', () => {
  const change = {
    hostOrigin: 'https://shop.example',
    changeId: 'q1Zb0m3c6Jg2WvH1p0Yx8A',
    currentCode: '012345',
    newCode: '987654',
  }
  expect(emailChangeConfirmSchema.parse(change)).toEqual(change)
  expect(emailChangeConfirmSchema.safeParse({ ...change, newCode: '98765' }).success).toBe(false)
  expect(emailChangeConfirmSchema.safeParse({ ...change, changeId: 'x' }).success).toBe(false)
})
