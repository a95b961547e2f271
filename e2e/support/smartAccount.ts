// The email wallet's smart-account visitor: signed up on a project with smart accounts on, so the
// site's account is the smart account: on the dev chain (EIP-7702) the visitor's own address,
// upgraded to Simple7702Account by its first user operation.
import type { Page } from '@playwright/test'
import type { Address } from 'viem'
import { freshEmail, openSite, signUpByEmail } from './email'
import { smartAccountProject } from './operator'

/** Signs up on a smart-account project's site; the visitor's account is the smart account (their EOA's address). */
export async function smartAccountVisitor(page: Page, projectId: string = smartAccountProject) {
  await openSite(page, { projectId, networks: ['eip155:31337'] })
  const { address } = await signUpByEmail(page, freshEmail())
  return address as Address
}
