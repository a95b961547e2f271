// bench/RESULTS.md holds three sections, each rewritten by its own command and kept by the others:
// `npm run bench:peers` (Airlock next to AppKit and RainbowKit, measured in the same run),
// `npm run bench` (Airlock's own figures, targets and method) and `npm run bench:scale` (the API
// behind a load balancer, 1 replica against N, and its soak).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { root } from '../scripts/stack.mjs'

const file = join(root, 'bench/RESULTS.md')
const order = ['peers', 'airlock', 'scale']

const markers = (name) => [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`]

/** Each section's markdown as bench/RESULTS.md has it now ('' for one it lacks). */
function readSections() {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : ''
  return Object.fromEntries(
    order.map((section) => {
      const [start, end] = markers(section)
      const from = text.indexOf(start)
      const to = text.indexOf(end)
      return [section, from !== -1 && to > from ? text.slice(from + start.length, to).trim() : '']
    }),
  )
}

/** Section `name` of bench/RESULTS.md as it is now; '' when it has none. */
export function readResultsSection(name) {
  return readSections()[name] ?? ''
}

/** Replaces section `name` of bench/RESULTS.md with `markdown`, keeping the others. */
export function writeResultsSection(name, markdown) {
  const sections = readSections()
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
