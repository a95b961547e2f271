/**
 * A project's feature switches (spec §6; their shape is the protocol's `ProjectFeatures`). A
 * project stores only the switches it overrides, as a JSON object; the defaults fill in the rest
 * when it is read, so a new default reaches every project that has not chosen otherwise.
 */

import {
  defaultProjectFeatures,
  type ProjectFeatures,
  projectFeaturesSchema,
} from '@airlock/protocol'
import { z } from 'zod'

/** The stored overrides: any subset of the switches, nothing else. */
export const featureOverridesSchema = z.strictObject(projectFeaturesSchema.shape).partial()

export type FeatureOverrides = Partial<ProjectFeatures>

/** Reads a project's stored overrides and fills in the defaults. */
export function resolveFeatures(storedJson: string): ProjectFeatures {
  const overrides = featureOverridesSchema.parse(JSON.parse(storedJson))
  const features: ProjectFeatures = {
    ...defaultProjectFeatures,
    socials: [...defaultProjectFeatures.socials],
  }
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined) Object.assign(features, { [key]: value })
  }
  return features
}
