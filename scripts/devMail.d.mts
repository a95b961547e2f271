// Types of devMail.mjs for the TypeScript configs that import it.
export type DevMailMessage = {
  receivedAt: string
  from: string
  to: string[]
  subject: string
  text: string
}

export type DevMail = {
  smtpUrl: string
  pageUrl: string
  messages(): DevMailMessage[]
  close(): Promise<void>
}

export declare function startDevMail(options?: {
  smtpPort?: number
  httpPort?: number
  quiet?: boolean
}): Promise<DevMail>
