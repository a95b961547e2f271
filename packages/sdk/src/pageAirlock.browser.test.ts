/** pageAirlock in Chromium: one Airlock per page, against the stand-in modal frame (test/modalFrame.ts). */
import { InvalidParamsError } from '@airlock/protocol'
import { afterEach, expect, test } from 'vitest'
import { createAirlock, pageAirlock } from './index'

const modalUrl = location.origin
const frames = () => document.querySelectorAll('iframe[data-airlock]')

afterEach(() => {
  for (const element of document.querySelectorAll('iframe[data-airlock], [data-airlock-loading]'))
    element.remove()
  delete window.airlock
})

test('behavior: every caller on a page gets the one Airlock, which is window.airlock', () => {
  const first = pageAirlock({ projectId: 'ready', modalUrl })
  const second = pageAirlock({ projectId: 'ready', modalUrl })
  expect(second).toBe(first)
  expect(window.airlock).toBe(first)
  expect(first.projectId).toBe('ready')
  expect(frames()).toHaveLength(1)
})

test("behavior: the loader's Airlock (window.airlock) is the one a later caller gets", () => {
  const loaders = createAirlock({ projectId: 'ready', modalUrl })
  window.airlock = loaders
  expect(pageAirlock({ projectId: 'ready', modalUrl })).toBe(loaders)
  expect(frames()).toHaveLength(1)
})

test("bad input: asking for another project's Airlock on the page is refused, naming both", () => {
  pageAirlock({ projectId: 'ready', modalUrl })
  let refusal: unknown
  try {
    pageAirlock({ projectId: 'holdsOpen', modalUrl })
  } catch (error) {
    refusal = error
  }
  expect(refusal).toBeInstanceOf(InvalidParamsError)
  expect((refusal as InvalidParamsError).details).toBe(
    'This page\'s Airlock is for project "ready", not "holdsOpen": one page has one Airlock.',
  )
  expect(frames()).toHaveLength(1)
})
