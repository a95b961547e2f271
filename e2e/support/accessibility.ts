// The accessibility check of the modal (issue 41): axe-core (WCAG 2.0 and 2.1, levels A and AA)
// run inside the modal's frame, on the view as it is, in each of the four settings a visitor may
// meet it in: the light and the dark theme, at a desktop's and a phone's width. Serious and
// critical violations are the ones a test fails on.
//
// axe runs in the frame itself, through Playwright's handle on it (the frame is cross-origin, so
// nothing on the host page can reach in). Not through @axe-core/playwright's AxeBuilder: it loads
// axe into every frame again on each scan, gives a cross-origin frame one second for that and
// skips it without a word when the load takes longer (seen here, on a busy two-core machine), and
// a scan costs it a second page; in the frame a scan takes a tenth of the time.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Frame, Page } from '@playwright/test'
import type { AxeResults } from 'axe-core'
import { frameSelector } from './modal'

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

/** The axe tags checked: WCAG 2.0 and 2.1, levels A and AA. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** The widths the modal is checked at: a laptop's and a phone's (an iPhone 12 to 15). */
export const checkedViewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const

/** The modal's themes (the `themeMode` site option; the frame's `<html data-theme>`). */
export const checkedThemes = ['light', 'dark'] as const

/** One element that breaks one rule, in one setting. */
export type AccessibilityViolation = {
  /** Where it was found: theme and width, e.g. "dark 390×844". */
  setting: string
  rule: string
  impact: string
  /** The element: the iframe's selector, then the element's inside the frame. */
  target: string
  help: string
  /** What axe measured (a contrast ratio and its colours, a missing name's candidates). */
  summary: string
}

/** The modal's document, reached across origins through the page's iframe element. */
export async function modalFrameOf(page: Page): Promise<Frame> {
  const frame = await (await page.locator(frameSelector).elementHandle())?.contentFrame()
  if (!frame) throw new Error(`No modal frame (${frameSelector}) on ${page.url()}`)
  return frame
}

/**
 * Shows the modal in `theme` as the modal does for the site's `themeMode` (apps/modal/src/theme.ts
 * sets `data-theme` on the frame's root; the SDK has no live setter, and reloading to switch
 * would lose the view), and waits until the frame has painted it.
 */
async function showTheme(frame: Frame, theme: string) {
  await frame.evaluate(async (mode) => {
    document.documentElement.dataset.theme = mode
    await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)))
  }, theme)
}

/** The impacts a test fails on. */
const blockingImpacts: readonly string[] = ['serious', 'critical']

function blockingViolations(results: AxeResults, setting: string): AccessibilityViolation[] {
  return results.violations
    .filter((violation) => blockingImpacts.includes(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) => ({
        setting,
        rule: violation.id,
        impact: violation.impact ?? '',
        target: [frameSelector, ...node.target.map(String)].join(' → '),
        help: violation.help,
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    )
}

/** One line per violation, as a failed test lists them. */
export function describeViolation(violation: AccessibilityViolation): string {
  const { setting, rule, impact, target, help, summary } = violation
  return `[${setting}] ${rule} (${impact}) at ${target}: ${help}. ${summary}`
}

/**
 * The serious and critical violations of the modal's frame in each theme and width (see
 * `checkedThemes`, `checkedViewports`); the page's own theme and size are put back after.
 */
export async function accessibilityViolations(page: Page): Promise<AccessibilityViolation[]> {
  const frame = await modalFrameOf(page)
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axeSource)
  const viewport = page.viewportSize()
  const theme = await frame.evaluate(() => document.documentElement.dataset.theme ?? 'dark')
  const found: AccessibilityViolation[] = []
  try {
    for (const { width, height } of checkedViewports) {
      await page.setViewportSize({ width, height })
      for (const mode of checkedThemes) {
        await showTheme(frame, mode)
        const results = await frame.evaluate(
          (tags) =>
            (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
              runOnly: { type: 'tag', values: tags },
              resultTypes: ['violations'],
            }),
          wcagTags,
        )
        found.push(...blockingViolations(results, `${mode} ${width}×${height}`))
      }
    }
  } finally {
    await showTheme(frame, theme)
    if (viewport) await page.setViewportSize(viewport)
  }
  return found
}
