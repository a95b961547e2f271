/**
 * `GET /modal?projectId=&locale=`: the modal page, with the project's configuration inlined, the
 * visitor's catalogue preloaded, and a CSP that lets only the project's allowed origins frame it. An unknown or missing project id still
 * gets the page, flagged with the error, so the site's developer sees the alert in the frame.
 */

import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  isProjectId,
  type ModalConfig,
  type NetworkConfig,
  type WalletConnectConfig,
} from '@airlock/protocol'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { localePreloadLink, modalLocale } from '../services/modalLocale'
import {
  ModalTemplateError,
  modalContentSecurityPolicy,
  renderModalPage,
} from '../services/modalPage'
import { type OfferedServices, toProjectConfig } from '../services/projectConfig'
import { getProject } from '../services/projects'
import type { Storage } from '../storage/storage'
import { buildMissing } from './staticBuilds'

export type ModalRoutesOptions = {
  storage: Storage
  networks: readonly NetworkConfig[]
  modalDist: string
  walletConnect: WalletConnectConfig | null
  /** Production mode: the CSP names only https/wss sources off loopback (modalPage.ts). */
  production: boolean
  /** What this API can do of what a project may switch on: the rest is not offered. */
  offered: OfferedServices
}

export function modalRoutes({
  storage,
  networks,
  modalDist,
  walletConnect,
  production,
  offered,
}: ModalRoutesOptions): Hono {
  const app = new Hono()
  const templateFile = join(modalDist, 'index.html')

  app.get('/modal', async (c) => {
    let template: string
    try {
      template = await readFile(templateFile, 'utf8')
    } catch {
      return buildMissing(c, 'modal')
    }

    const { config, frameAncestors } = await bootConfigFor(
      c,
      storage,
      networks,
      walletConnect,
      offered,
    )
    // The visitor's catalogue, fetched beside the first script (none for English).
    const locale = modalLocale(c.req.query('locale'), c.req.header('Accept-Language'))
    const preload = await localePreloadLink(modalDist, locale)
    let html: string
    try {
      html = renderModalPage(template, config, templateFile, preload)
    } catch (error) {
      if (error instanceof ModalTemplateError) return c.text(error.message, 503)
      throw error
    }

    return c.body(html, 200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Content-Security-Policy': modalContentSecurityPolicy(networks, frameAncestors, {
        walletConnect,
        production,
        paymasterServices: config.project?.paymasterServices ?? [],
      }),
    })
  })

  return app
}

async function bootConfigFor(
  c: Context,
  storage: Storage,
  networks: readonly NetworkConfig[],
  walletConnect: WalletConnectConfig | null,
  offered: OfferedServices,
): Promise<{ config: ModalConfig; frameAncestors: string[] | undefined }> {
  const projectId = c.req.query('projectId')
  if (projectId === undefined || projectId === '')
    return {
      config: { projectId: null, project: null, error: 'projectIdNotConfigured' },
      frameAncestors: undefined,
    }
  const project = isProjectId(projectId) ? await getProject(storage.db, projectId) : undefined
  if (project === undefined)
    return {
      config: { projectId, project: null, error: 'invalidProjectId' },
      frameAncestors: undefined,
    }
  return {
    config: {
      projectId,
      project: toProjectConfig(project, networks, walletConnect, offered),
      error: null,
    },
    frameAncestors: project.allowedOrigins,
  }
}
