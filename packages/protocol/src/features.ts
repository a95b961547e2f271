/**
 * Feature switches (spec §6) as the modal applies them: the project's configuration is the
 * ceiling and the site's options can only narrow it. A feature the project turned off stays off
 * whatever the snippet, `createAirlock` or `open({ view })` asks.
 */
import { InvalidParamsError } from './errors'
import type { SiteFeatures, siteFeatureKeys } from './options'
import type { ProjectFeatures } from './project'
import type { View } from './views'

export type FeatureKey = (typeof siteFeatureKeys)[number]

/**
 * Whether a feature is on for this page: the project allows it and the site did not switch it
 * off. Socials are allowed when the project lists at least one provider.
 * @example
 * isFeatureOn(project.features, { send: true }, 'send') // false when the project has send off
 */
export function isFeatureOn(
  project: ProjectFeatures | null | undefined,
  site: SiteFeatures | undefined,
  feature: FeatureKey,
): boolean {
  const allowed = feature === 'socials' ? !!project?.socials.length : project?.[feature] === true
  return allowed && site?.[feature] !== false
}

/** The views that exist only while a feature is on. */
export const viewFeatures: Partial<Record<View, FeatureKey>> = {
  WalletSend: 'send',
  WalletSendPreview: 'send',
  Swap: 'swaps',
  Receive: 'receive',
  OnRamp: 'onramp',
  EmailLogin: 'email',
  UpdateEmailWallet: 'email',
  WalletDevices: 'email',
  WalletRecoveryCode: 'email',
  WalletExportKey: 'email',
  ConnectingFarcaster: 'socials',
  ConnectingSocial: 'socials',
}

/** Refuses a view whose feature is off, naming the view and the feature. */
export function assertViewAllowed(
  view: View,
  project: ProjectFeatures | null | undefined,
  site: SiteFeatures | undefined,
): void {
  const feature = viewFeatures[view]
  if (feature && !isFeatureOn(project, site, feature))
    throw new InvalidParamsError({
      message: `The ${view} view needs the "${feature}" feature, which is off for this project or page.`,
    })
}
