import { describe, expect, test } from 'vitest'
import { assertViewAllowed, isFeatureOn, viewFeatures } from './features'
import { siteFeatureKeys as featureKeys } from './options'
import { defaultProjectFeatures, type ProjectFeatures } from './project'
import type { View } from './views'

/** A project with every feature on, or every feature off. */
const allOn: ProjectFeatures = {
  ...defaultProjectFeatures,
  multiWallet: true,
  legalCheckbox: true,
  smartSessions: true,
  smartAccounts: true,
  gasSponsorship: true,
  pay: true,
}
const allOff: ProjectFeatures = {
  send: false,
  receive: false,
  onramp: false,
  swaps: false,
  activity: false,
  email: false,
  socials: [],
  multiWallet: false,
  analytics: false,
  legalCheckbox: false,
  smartSessions: false,
  smartAccounts: false,
  gasSponsorship: false,
  pay: false,
}

describe('features: the project is the ceiling, the site narrows', () => {
  // Every feature × every site choice × the project's choice.
  const cases = featureKeys.flatMap((feature) =>
    [
      { project: allOn, site: undefined, on: true },
      { project: allOn, site: true, on: true },
      { project: allOn, site: false, on: false },
      { project: allOff, site: undefined, on: false },
      { project: allOff, site: true, on: false },
      { project: allOff, site: false, on: false },
    ].map((entry) => ({ feature, ...entry })),
  )
  test.each(cases)(
    'behavior: $feature with the project $project.send and the site $site is on: $on',
    ({ feature, project, site, on }) => {
      const siteFeatures = site === undefined ? {} : { [feature]: site }
      expect(isFeatureOn(project, siteFeatures, feature)).toBe(on)
    },
  )

  test('behavior: without a project every feature is off', () => {
    for (const feature of featureKeys)
      expect(isFeatureOn(null, { [feature]: true }, feature), feature).toBe(false)
  })

  const gated = Object.entries(viewFeatures) as [View, (typeof featureKeys)[number]][]
  test.each(gated)(
    'behavior: open({ view: %s }) is refused when its feature (%s) is off, whatever the site asks',
    (view, feature) => {
      expect(() => assertViewAllowed(view, allOff, { [feature]: true })).toThrow(
        `The ${view} view needs the "${feature}" feature, which is off for this project or page.`,
      )
      expect(() => assertViewAllowed(view, allOn, { [feature]: false })).toThrow(feature)
      expect(() => assertViewAllowed(view, allOn, {})).not.toThrow()
    },
  )

  test('behavior: views without a feature are always allowed', () => {
    expect(() => assertViewAllowed('Account', allOff, {})).not.toThrow()
    expect(() => assertViewAllowed('Connect', allOff, {})).not.toThrow()
  })
})
