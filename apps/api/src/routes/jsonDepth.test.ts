import { expect, test } from 'vitest'
import { nestsDeeperThan } from './jsonDepth'

test('behavior: arrays and objects count, brackets in strings and escaped quotes do not', () => {
  expect(nestsDeeperThan('[[1]]', 2)).toBe(false)
  expect(nestsDeeperThan('[[1]]', 1)).toBe(true)
  expect(nestsDeeperThan('{"a":{"b":[]}}', 3)).toBe(false)
  expect(nestsDeeperThan('{"a":{"b":[]}}', 2)).toBe(true)
  expect(nestsDeeperThan('[[],[],[]]', 2)).toBe(false)
  expect(nestsDeeperThan('{"a":"[[[{{{"}', 1)).toBe(false)
  expect(nestsDeeperThan('["\\"[[[", "\\\\", [[]]]', 2)).toBe(true)
  expect(nestsDeeperThan('["\\"[[[", "\\\\", [[]]]', 3)).toBe(false)
  expect(nestsDeeperThan(`${'['.repeat(100_000)}${']'.repeat(100_000)}`, 64)).toBe(true)
})
