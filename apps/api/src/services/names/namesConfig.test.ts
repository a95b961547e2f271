// AIRLOCK_NAMES_PARENT read, and refused naming what is wrong.
import { describe, expect, test } from 'vitest'
import { ConfigError } from '../../configError'
import { readNamesConfig } from './namesConfig'

describe('readNamesConfig', () => {
  test('behavior: unset or empty, names are off', () => {
    expect(readNamesConfig({})).toBeUndefined()
    expect(readNamesConfig({ AIRLOCK_NAMES_PARENT: '' })).toBeUndefined()
  })

  test('behavior: a normalised name is the parent', () => {
    expect(readNamesConfig({ AIRLOCK_NAMES_PARENT: 'airlock.eth' })).toEqual({
      parent: 'airlock.eth',
    })
  })

  test.each([
    [
      'Airlock.eth',
      'AIRLOCK_NAMES_PARENT must be in ENSIP-15 normal form: it would be "airlock.eth".',
    ],
    ['eth', 'AIRLOCK_NAMES_PARENT must be a name with a parent of its own, such as airlock.eth.'],
    ['airlock..eth', /^AIRLOCK_NAMES_PARENT is not a valid ENS name \(ENSIP-15\): /],
    ['\u0430irlock.eth', /^AIRLOCK_NAMES_PARENT is not a valid ENS name \(ENSIP-15\): /],
  ])('error: %j is refused', (parent, message) => {
    const read = () => readNamesConfig({ AIRLOCK_NAMES_PARENT: parent })
    expect(read).toThrow(ConfigError)
    expect(read).toThrow(message)
  })
})
