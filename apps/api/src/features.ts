/**
 * A project's feature switches (spec §6). A project stores only the switches it overrides, as a
 * JSON object; the defaults below fill in the rest when it is read, so a new default reaches
 * every project that has not chosen otherwise.
 */

import {
  defaultProjectFeatures,
  type ProjectFeatures,
  type SocialProvider,
  socialProviders,
} from '@airlock/protocol'
import { z } from 'zod'

/** The social login providers (spec §1), from the shared protocol. */
export const socials = socialProviders

export type Social = SocialProvider

/** The switches, as the project config sends them (shared with the modal). */
export type Features = Omit<ProjectFeatures, 'socials'> & { socials: Social[] }

export const defaultFeatures = defaultProjectFeatures as Readonly<Features>

/** The stored overrides: any subset of the switches, nothing else. */
export const featureOverridesSchema = z
  .strictObject({
    send: z.boolean(),
    receive: z.boolean(),
    onramp: z.boolean(),
    swaps: z.boolean(),
    activity: z.boolean(),
    email: z.boolean(),
    socials: z.array(z.enum(socials)),
    multiWallet: z.boolean(),
    analytics: z.boolean(),
    legalCheckbox: z.boolean(),
    smartSessions: z.boolean(),
    pay: z.boolean(),
  })
  .partial()

export type FeatureOverrides = Partial<Features>

/** Reads a project's stored overrides and fills in the defaults. */
export function resolveFeatures(storedJson: string): Features {
  const overrides = featureOverridesSchema.parse(JSON.parse(storedJson))
  const features: Features = { ...defaultFeatures, socials: [...defaultFeatures.socials] }
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined) Object.assign(features, { [key]: value })
  }
  return features
}
