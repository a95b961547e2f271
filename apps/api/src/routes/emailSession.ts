/**
 * The email session of a request, one per project: an HttpOnly, Secure, `Partitioned` cookie of
 * the modal's origin (no host script can read it, and another top-level site's frame does not
 * get it), and the middleware that admits a request with a live session for its project and
 * site, setting `c.var.session`. Social and Farcaster logins start the same session.
 */
import { emailSessionTtlMs } from '@airlock/protocol'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { EmailLoginError } from '../services/email/emailLoginError'
import {
  type EmailSessionRecord,
  emailSessionTokenPattern,
  findEmailSession,
} from '../services/email/sessions'
import type { Storage } from '../storage/storage'
import { apiError } from './apiError'

/** The session cookie of a project: `__Host-` (Secure, this origin only, Path=/). */
export const emailSessionCookie = (projectId: string) => `__Host-airlock-email-${projectId}`

/** The email session token a request carries for `projectId`, when it is of a token's form. */
export function emailSessionToken(c: Context, projectId: string): string | undefined {
  const token = getCookie(c, emailSessionCookie(projectId))
  return token && emailSessionTokenPattern.test(token) ? token : undefined
}

/**
 * Sets a response's session cookie of `projectId`: HttpOnly, Secure, SameSite=None (the frame is
 * on another site than its page) and Partitioned (another top-level site's frame does not get it).
 */
export function setEmailSessionCookie(c: Context, projectId: string, token: string): void {
  setCookie(c, emailSessionCookie(projectId), token, {
    path: '/',
    secure: true,
    httpOnly: true,
    sameSite: 'None',
    partitioned: true,
    maxAge: emailSessionTtlMs / 1000,
  })
}

/** Ends a response's session cookie of `projectId` (signed out, or its device revoked). */
export function clearEmailSessionCookie(c: Context, projectId: string): void {
  deleteCookie(c, emailSessionCookie(projectId), {
    path: '/',
    secure: true,
    sameSite: 'None',
    partitioned: true,
  })
}

/**
 * The live email session the request carries for `scope`, if any: undefined when it has none, or
 * one signed out, revoked, expired, or of another project or site.
 */
export async function currentEmailSession(
  c: Context,
  { storage, now }: { storage: Storage; now: () => number },
  scope: { projectId: string; hostOrigin: string },
): Promise<EmailSessionRecord | undefined> {
  const token = emailSessionToken(c, scope.projectId)
  if (!token) return undefined
  try {
    return await findEmailSession(storage.db, token, scope, now())
  } catch (error) {
    if (error instanceof EmailLoginError) return undefined
    throw error
  }
}

/** 401 `emailSessionInvalid`: the request carries no session. */
export const noEmailSession = (c: Context, message = 'No email session: sign in by email first.') =>
  apiError(c, 401, 'emailSessionInvalid', message)

/**
 * Sets `c.var.session`, the live email session the request carries for the `:id` project and
 * the site `siteOf` reads; else 401 `emailSessionInvalid`.
 */
export const emailSession = (
  { storage, now }: { storage: Storage; now: () => number },
  siteOf: (c: Context) => string,
) =>
  createMiddleware<{ Variables: { session: EmailSessionRecord } }>(async (c, next) => {
    const projectId = c.req.param('id') ?? ''
    const token = emailSessionToken(c, projectId)
    if (!token) return noEmailSession(c)
    let session: EmailSessionRecord
    try {
      session = await findEmailSession(
        storage.db,
        token,
        { projectId, hostOrigin: siteOf(c) },
        now(),
      )
    } catch (error) {
      if (!(error instanceof EmailLoginError)) throw error
      return apiError(c, 401, error.code, error.message)
    }
    c.set('session', session)
    await next()
  })
