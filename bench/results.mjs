// bench/RESULTS.md holds two sections, each rewritten by its own command and kept by the other:
// `npm run bench:peers` (Airlock next to AppKit and RainbowKit, measured in the same run) and
// `npm run bench` (Airlock's own figures, targets and method).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { root } from '../scripts/stack.mjs'

const file = join(root, 'bench/RESULTS.md')
const order = ['peers', 'airlock']

const markers = (name) => [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`]

/** Replaces section `name` of bench/RESULTS.md with `markdown`, keeping the other one. */
export function writeResultsSection(name, markdown) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : ''
  const sections = Object.fromEntries(
    order.map((section) => {
      const [start, end] = markers(section)
      const from = text.indexOf(start)
      const to = text.indexOf(end)
      return [section, from !== -1 && to > from ? text.slice(from + start.length, to).trim() : '']
    }),
  )
  sections[name] = markdown.trim()
  const body = order
    .filter((section) => sections[section])
    .map((section) => {
      const [start, end] = markers(section)
      return `${start}\n${sections[section]}\n${end}`
    })
    .join('\n\n')
  writeFileSync(file, `# Airlock bench results\n\n${body}\n`)
}
