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
import * as v from 'valibot'

/**
 * The stored overrides: any subset of the switches, nothing else. The protocol's schema of the
 * switches is valibot's (it is part of the modal's boot config), so this one is too.
 */
const featureOverridesSchema = v.partial(v.strictObject(projectFeaturesSchema.entries))

export type FeatureOverrides = Partial<ProjectFeatures>

/**
 * Checks overrides before they are stored or merged: returns them (a switch may be present as
 * undefined, which JSON leaves out), unknown keys refused.
 *
 * @throws ValiError (valibot) when a switch is unknown or of the wrong type.
 */
export function parseFeatureOverrides(value: unknown) {
  return v.parse(featureOverridesSchema, value)
}

/** Reads a project's stored overrides and fills in the defaults. */
export function resolveFeatures(storedJson: string): ProjectFeatures {
  const overrides = parseFeatureOverrides(JSON.parse(storedJson))
  const features: ProjectFeatures = {
    ...defaultProjectFeatures,
    socials: [...defaultProjectFeatures.socials],
  }
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined) Object.assign(features, { [key]: value })
  }
  return features
}
