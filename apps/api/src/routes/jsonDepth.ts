/**
 * How deep a request body's JSON nests, read from its text before it is parsed: a body of
 * thousands of nested arrays parses, but whatever walks it afterwards by recursion (zod's
 * checks, `JSON.stringify` in a refine or on its way to a bundler) overflows the stack, and a
 * caller's bad input would be a 500 or a 502. `jsonBody` refuses such a body first.
 */

/**
 * The deepest nesting of arrays and objects a request body may have: far beyond any body the
 * modal sends (a user operation is 4 deep), far below what recursion over it can bear.
 */
export const maxJsonDepth = 64

/**
 * Whether the JSON text `text` nests arrays and objects more than `max` deep. One pass over the
 * characters, brackets inside strings not counted; text that is not JSON is for `JSON.parse` to
 * refuse, whatever this answers.
 *
 * @example
 * nestsDeeperThan('[[1]]', 1) // true
 * nestsDeeperThan('{"a":"[[["}', 1) // false
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index)
    if (inString) {
      // A backslash escapes the next character, a quote among them.
      if (char === backslash) index++
      else if (char === quote) inString = false
    } else if (char === quote) inString = true
    else if (char === openBracket || char === openBrace) {
      depth++
      if (depth > max) return true
    } else if (char === closeBracket || char === closeBrace) depth--
  }
  return false
}

const quote = 0x22
const backslash = 0x5c
const openBracket = 0x5b
const closeBracket = 0x5d
const openBrace = 0x7b
const closeBrace = 0x7d
