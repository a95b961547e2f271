import { defaultProjectFeatures } from '@airlock/protocol'
import { describe, expect, test } from 'vitest'
import { parseFeatureOverrides, resolveFeatures } from './features'

describe('feature overrides: what a project stores of its switches', () => {
  test('behavior: the switches a project stored replace the defaults, the rest stay', () => {
    expect(resolveFeatures('{"send":false,"socials":["google"]}')).toEqual({
      ...defaultProjectFeatures,
      send: false,
      socials: ['google'],
    })
    expect(resolveFeatures('{}')).toEqual(defaultProjectFeatures)
  })

  test('behavior: a switch that is not one, or of the wrong type, is refused', () => {
    expect(() => parseFeatureOverrides({ teleport: true })).toThrow()
    expect(() => parseFeatureOverrides({ send: 'yes' })).toThrow()
    expect(() => parseFeatureOverrides({ socials: ['myspace'] })).toThrow()
  })
})
