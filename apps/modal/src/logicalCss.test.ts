/**
 * Guards issue 41's mirrored layout: the modal's stylesheets say start and end, not left and
 * right, so `dir="rtl"` on the frame turns the layout around. A physical left/right property
 * (`margin-left`, `left:`, `text-align: right`, `border-right…`, `float: left`, a four-value
 * margin or padding whose left and right differ) fails here unless the allow-list below says why
 * it must stay physical.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
const scanned = 'apps/modal/src'

/**
 * Declarations kept physical on purpose, as `path declaration` → why. Every entry needs a reason
 * a reviewer accepts.
 */
const allowed: Record<string, string> = {
  'apps/modal/src/components/QrCode.module.css left: 50%':
    'centres the logo with translate(-50%, -50%): the same place in either direction',
  'apps/modal/src/components/Shell.module.css padding: 0 env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left)':
    "the phone's safe-area insets are physical (the notch is on the device's left or right)",
  'apps/modal/src/views/Account/Account.module.css border-width: 0 1.5px 1.5px 0':
    "the network chip's chevron is two borders turned 45° to point down; logical borders would turn it sideways",
  'apps/modal/src/views/Account/Account.module.css border-width: 1.5px 1.5px 0 0':
    "an option's forward chevron is two borders turned 45°; right to left it is turned to point the other way (:dir(rtl)), not mirrored by logical borders",
}

/** Properties whose name says left or right: margin-left, border-top-right-radius, left, … */
const physicalProperty =
  /^(?:(?:margin|padding|border|scroll-margin|scroll-padding)-(?:left|right)(?:-[a-z]+)?|border-(?:top|bottom)-(?:left|right)-radius|left|right)$/
/** Values that name a side where the property itself is not physical. */
const physicalValue: Record<string, RegExp> = {
  'text-align': /^(?:left|right)$/,
  'text-align-last': /^(?:left|right)$/,
  float: /^(?:left|right)$/,
  clear: /^(?:left|right)$/,
}
/** Shorthands whose fourth value is the left one (top right bottom left). */
const fourSided = new Set(['margin', 'padding', 'border-width', 'border-style', 'border-color'])

/** A value's space-separated parts, keeping `calc(a * b)` and `env(…)` whole. */
function valueParts(value: string): string[] {
  const parts: string[] = []
  let depth = 0
  let part = ''
  for (const char of value) {
    if (char === '(') depth++
    if (char === ')') depth--
    if (/\s/.test(char) && depth === 0) {
      if (part) parts.push(part)
      part = ''
    } else {
      part += char
    }
  }
  if (part) parts.push(part)
  return parts
}

function isPhysical(property: string, value: string): boolean {
  if (physicalProperty.test(property)) return true
  if (physicalValue[property]?.test(value)) return true
  if (fourSided.has(property)) {
    const parts = valueParts(value)
    return parts.length === 4 && parts[1] !== parts[3]
  }
  if (property === 'border-radius') {
    // top-left top-right bottom-right bottom-left: mirroring swaps left and right corners.
    const corners = valueParts(value.split('/')[0] ?? '')
    return (
      corners.length >= 2 &&
      (corners[0] !== corners[1] || (corners[3] ?? corners[1]) !== corners[2])
    )
  }
  return false
}

/** The declarations in a stylesheet that pin left or right, with their lines. */
function physicalDeclarations(css: string): { line: number; declaration: string }[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, (comment) =>
    comment.replace(/[^\n]/g, ' '),
  )
  return withoutComments.split('\n').flatMap((text, index) => {
    return [...text.matchAll(/(?:^|[;{])\s*([a-z-]+)\s*:\s*([^;{}]+?)\s*(?=[;}]|$)/g)].flatMap(
      (match) => {
        const property = match[1] ?? ''
        const value = (match[2] ?? '').replace(/\s*!important$/, '')
        return isPhysical(property, value)
          ? [{ line: index + 1, declaration: `${property}: ${value}` }]
          : []
      },
    )
  })
}

function stylesheets(): string[] {
  return readdirSync(`${repoRoot}${scanned}`, { encoding: 'utf8', recursive: true })
    .filter((file) => file.endsWith('.css'))
    .map((file) => `${scanned}/${file}`)
}

describe('logical CSS', () => {
  test('behavior: the scan finds physical left and right, and lets logical ones and top/bottom pass', () => {
    const css = [
      '.row {',
      '  margin-left: 8px;',
      '  padding-inline-start: 8px;',
      '  text-align: right;',
      '  text-align: end;',
      '}',
      '.chip { position: absolute; right: 0; top: 0; inset-inline-end: 0 }',
      '.card { border-top-left-radius: 4px; border-start-start-radius: 4px; border-right: 1px solid }',
      '.icon { float: left; margin: 0 8px 0 4px; margin: 0 8px; padding: 4px 12px 6px }',
      '.sheet { border-radius: calc(var(--r) * 4) calc(var(--r) * 4) 0 0; border-radius: 8px 0 }',
      '/* margin-left: a comment is not a rule */',
      '.grid { grid-template-areas: "left right"; bottom: 12px }',
    ].join('\n')
    expect(physicalDeclarations(css)).toEqual([
      { line: 2, declaration: 'margin-left: 8px' },
      { line: 4, declaration: 'text-align: right' },
      { line: 7, declaration: 'right: 0' },
      { line: 8, declaration: 'border-top-left-radius: 4px' },
      { line: 8, declaration: 'border-right: 1px solid' },
      { line: 9, declaration: 'float: left' },
      { line: 9, declaration: 'margin: 0 8px 0 4px' },
      { line: 10, declaration: 'border-radius: 8px 0' },
    ])
  })

  test("behavior: the modal's stylesheets use logical left and right, so the layout mirrors", () => {
    const files = stylesheets()
    expect(files.length).toBeGreaterThan(20)
    const found = files.flatMap((file) =>
      physicalDeclarations(readFileSync(`${repoRoot}${file}`, 'utf8'))
        .filter(({ declaration }) => !(`${file} ${declaration}` in allowed))
        .map(({ line, declaration }) => `${file}:${line} ${declaration}`),
    )
    expect(found).toEqual([])
  })

  test('behavior: every allow-list entry still matches a declaration', () => {
    const present = new Set(
      stylesheets().flatMap((file) =>
        physicalDeclarations(readFileSync(`${repoRoot}${file}`, 'utf8')).map(
          ({ declaration }) => `${file} ${declaration}`,
        ),
      ),
    )
    expect(Object.keys(allowed).filter((entry) => !present.has(entry))).toEqual([])
  })
})
