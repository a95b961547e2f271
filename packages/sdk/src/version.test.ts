import { expect, test } from 'vitest'
import pkg from '../package.json' with { type: 'json' }
import { sdkVersion } from './version'

test('behavior: the version the SDK reports is its package version', () => {
  expect(sdkVersion).toBe(pkg.version)
})
