/**
 * The project configuration the API serves (GET /v1/projects/:id/config) and inlines in the
 * modal's page (`<script id="airlock-config">`): zod schemas the modal parses them with, and the
 * types the API builds them as, inferred from the schemas so each shape is written once.
 */
import * as z from 'zod/mini'
import { type CaipNetworkId, isCaipNetworkId } from './caip'
import { projectIdPattern } from './projectId'
import { socialProviders } from './validation'

/** A CAIP-2 network id with a namespace the modal knows (`caip.ts`). */
export const caipNetworkIdSchema = z.custom<CaipNetworkId>(isCaipNetworkId, {
  error: 'must be a CAIP-2 network id such as eip155:1',
})

/**
 * A well-formed project id (`projectId.ts`), as a query or path parameter; whether the project
 * exists is the API's to say.
 */
export const projectIdSchema = z
  .string({ error: 'is required' })
  .check(
    z.regex(projectIdPattern, 'must be a project id: 2 to 63 lowercase letters, digits or hyphens'),
  )

export const networkConfigSchema = z.object({
  caipNetworkId: caipNetworkIdSchema,
  name: z.string(),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number() }),
  rpcUrl: z.string(),
  blockExplorerUrl: z.exactOptional(z.string()),
})
export type NetworkConfig = z.infer<typeof networkConfigSchema>

/** A project's feature switches (spec §6), every one of them resolved. */
export const projectFeaturesSchema = z.object({
  send: z.boolean(),
  receive: z.boolean(),
  onramp: z.boolean(),
  swaps: z.boolean(),
  activity: z.boolean(),
  email: z.boolean(),
  socials: z.array(z.enum(socialProviders)),
  multiWallet: z.boolean(),
  analytics: z.boolean(),
  legalCheckbox: z.boolean(),
  smartSessions: z.boolean(),
  pay: z.boolean(),
})
export type ProjectFeatures = z.infer<typeof projectFeaturesSchema>

/** The switches of a project that chose none (spec §6): multiWallet, legal checkbox, smart sessions and pay off. */
export const defaultProjectFeatures: Readonly<ProjectFeatures> = {
  send: true,
  receive: true,
  onramp: true,
  swaps: true,
  activity: true,
  email: true,
  socials: [...socialProviders],
  multiWallet: false,
  analytics: true,
  legalCheckbox: false,
  smartSessions: false,
  pay: false,
}

/**
 * Where the modal's WalletConnect client connects: the relay, the WalletConnect (Reown) project
 * id the relay knows the site by, and whether the Verify attestation step runs.
 */
export const walletConnectConfigSchema = z.object({
  relayUrl: z.string(),
  projectId: z.string(),
  verify: z.boolean(),
})
export type WalletConnectConfig = z.infer<typeof walletConnectConfigSchema>

export const projectConfigSchema = z.object({
  id: projectIdSchema,
  allowedOrigins: z.array(z.string()),
  features: projectFeaturesSchema,
  networks: z.array(networkConfigSchema),
  /** Null when the operator has not configured WalletConnect. */
  walletConnect: z.nullable(walletConnectConfigSchema),
})
export type ProjectConfig = z.infer<typeof projectConfigSchema>

/**
 * Why the modal's page has no project: the site gave no project id (`projectIdNotConfigured`,
 * alert 'Project ID Not Configured') or one the API doesn't know (`invalidProjectId`, alert
 * 'Invalid Project ID').
 */
export const modalConfigErrors = ['invalidProjectId', 'projectIdNotConfigured'] as const
export type ModalConfigError = (typeof modalConfigErrors)[number]

/** What the API inlines into the modal's HTML as `<script id="airlock-config">`. */
export const modalConfigSchema = z.object({
  projectId: z.nullable(z.string()),
  project: z.nullable(projectConfigSchema),
  error: z.nullable(z.enum(modalConfigErrors)),
})
export type ModalConfig = z.infer<typeof modalConfigSchema>
