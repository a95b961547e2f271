import { expect, test } from 'vitest'
import * as exports from './index'

// Pins the entry's runtime names: a new or lost export shows up in review as a snapshot change.
test('behavior: the entry exports exactly these names', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "createAirlock",
      "pageAirlock",
    ]
  `)
})
