/**
 * Errors of the project registry. Each is a class narrowable by `name`, with a short message the
 * CLI prints as is and the offending values kept as fields.
 */

import { InvalidProjectSettingError } from './projectSettings'

export { InvalidProjectSettingError }

export class InvalidProjectIdError extends Error {
  override readonly name = 'InvalidProjectIdError'
  constructor(readonly projectId: string) {
    super(
      `Invalid project id ${JSON.stringify(projectId)}: use 2 to 63 lowercase letters, digits or hyphens, starting with a letter or digit.`,
    )
  }
}

export class InvalidOriginError extends Error {
  override readonly name = 'InvalidOriginError'
  constructor(
    readonly input: string,
    readonly reason: string,
  ) {
    super(
      `Invalid origin ${JSON.stringify(input)}: ${reason}. An origin is exactly http(s)://host[:port].`,
    )
  }
}

/** Production mode allows https origins only: an http page can be changed on its way. */
export class InsecureOriginError extends Error {
  override readonly name = 'InsecureOriginError'
  constructor(readonly origin: string) {
    super(
      `Origin ${origin} is not https: production mode (NODE_ENV=production or AIRLOCK_PRODUCTION=1) allows https origins only.`,
    )
  }
}

export class ProjectNotFoundError extends Error {
  override readonly name = 'ProjectNotFoundError'
  constructor(readonly projectId: string) {
    super(`Project ${JSON.stringify(projectId)} does not exist.`)
  }
}

export class ProjectAlreadyExistsError extends Error {
  override readonly name = 'ProjectAlreadyExistsError'
  constructor(readonly projectId: string) {
    super(`Project ${JSON.stringify(projectId)} already exists.`)
  }
}

export class OriginAlreadyAllowedError extends Error {
  override readonly name = 'OriginAlreadyAllowedError'
  constructor(
    readonly projectId: string,
    readonly origin: string,
  ) {
    super(`Origin ${origin} is already allowed for project ${JSON.stringify(projectId)}.`)
  }
}

export class OriginNotAllowedError extends Error {
  override readonly name = 'OriginNotAllowedError'
  constructor(
    readonly projectId: string,
    readonly origin: string,
  ) {
    super(
      `Origin ${origin} is not allowed for project ${JSON.stringify(projectId)}, so there is nothing to revoke.`,
    )
  }
}

/** The errors a registry operation throws for bad input or state; anything else is a fault. */
export type RegistryError =
  | InvalidProjectIdError
  | InvalidOriginError
  | InsecureOriginError
  | ProjectNotFoundError
  | ProjectAlreadyExistsError
  | OriginAlreadyAllowedError
  | OriginNotAllowedError
  | InvalidProjectSettingError

export function isRegistryError(error: unknown): error is RegistryError {
  return (
    error instanceof InvalidProjectIdError ||
    error instanceof InvalidOriginError ||
    error instanceof InsecureOriginError ||
    error instanceof ProjectNotFoundError ||
    error instanceof ProjectAlreadyExistsError ||
    error instanceof OriginAlreadyAllowedError ||
    error instanceof OriginNotAllowedError ||
    error instanceof InvalidProjectSettingError
  )
}
