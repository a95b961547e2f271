/**
 * Tells the wallet's address that a device joined it (issue 33, point 3): after the device was
 * added, best effort (a mail server that refuses does not undo the device). A social login's own
 * account has no address to tell.
 */
import { isEmailAddress } from '@airlock/protocol'
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/storage'
import type { Mailer } from '../email/mailer'
import { deviceAddedNotice } from '../email/noticeMessages'
import { getProject } from '../projects'
import type { WalletOwner } from './seal'

export async function tellDeviceAdded(
  db: Kysely<Database>,
  mailer: Mailer | undefined,
  owner: WalletOwner,
  { label, hostOrigin }: { label: string; hostOrigin: string },
): Promise<void> {
  if (!mailer || !isEmailAddress(owner.email)) return
  try {
    const project = await getProject(db, owner.projectId)
    await mailer.send(
      deviceAddedNotice({
        to: owner.email,
        label,
        siteName: project?.settings.name ?? owner.projectId,
        hostOrigin,
      }),
    )
  } catch {
    // Best effort: the device stays added.
  }
}
