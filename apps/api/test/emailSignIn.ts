/**
 * A real email sign-in for the API's route tests: a code asked for through the email routes,
 * read from the dev mail server it was mailed to, and turned into a session; the session's
 * `Cookie` header. The caller moves its clock on first when it signs in twice in one instant (of
 * two codes of one instant, only one stays).
 */
import { expect } from 'vitest'
import type { DevMail } from '../../../scripts/devMail.mjs'

export async function signInByEmail({
  post,
  devMail,
  email,
  hostOrigin,
  project = 'shop',
}: {
  /** A POST to the app under test, from the modal's origin. */
  post: (path: string, body: unknown) => Response | Promise<Response>
  devMail: DevMail
  email: string
  hostOrigin: string
  project?: string
}): Promise<string> {
  const asked = Date.now()
  const requested = await post(`/v1/projects/${project}/email/codes`, { email, hostOrigin })
  expect(requested.status).toBe(201)
  const mail = devMail
    .messages()
    .filter(
      (message) =>
        message.to.includes(email.toLowerCase()) && Date.parse(message.receivedAt) >= asked - 1000,
    )
    .at(-1)
  const code = /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1] ?? ''
  const response = await post(`/v1/projects/${project}/email/sessions`, { email, code, hostOrigin })
  expect(response.status).toBe(201)
  return (response.headers.get('set-cookie') ?? '').split(';')[0] as string
}
