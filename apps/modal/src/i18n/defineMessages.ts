/**
 * How a view's words are declared: ICU messages (the English, the source catalogue) under a
 * namespace, each translated once as its module loads — the frame's locale is fixed before any
 * message module runs (translate.ts). A message with placeholders is a function of its values,
 * in the order its names are given.
 *
 *   export const sendText = defineMessages('send', {
 *     amount: 'Amount',
 *     resolvingName: message('Looking up {name}…', 'name'),
 *   })
 *   sendText.resolvingName('vitalik.eth') // 'Looking up vitalik.eth…' (or its translation)
 */
import { type CompiledMessage, translate } from './translate'

/** A message with placeholders, filled in the order of `names`. */
export type MessageWithValues<Names extends readonly string[]> = {
  readonly source: CompiledMessage
  readonly names: Names
}

type Definitions = {
  readonly [key: string]: string | MessageWithValues<readonly string[]> | Definitions
}

/** What a view reads: strings, functions of the placeholders' values, and nested groups. */
export type Messages<T> = {
  readonly [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends MessageWithValues<infer Names>
      ? (...values: { [I in keyof Names]: string | number | undefined }) => string
      : Messages<T[K]>
}

const sources = Symbol('sources')

/**
 * A message with placeholders. The build compiles the literal `source` (compileMessages.ts), so
 * it must be a string literal.
 */
export function message<const Names extends readonly string[]>(
  source: string,
  ...names: Names
): MessageWithValues<Names> {
  return { source, names }
}

function isMessageWithValues(value: unknown): value is MessageWithValues<readonly string[]> {
  return typeof value === 'object' && value !== null && 'source' in value && 'names' in value
}

/**
 * The messages of `namespace` in the frame's locale; ids are `namespace.key` (nested groups add
 * their key: `send.feeSpeeds.slow`).
 */
export function defineMessages<const T extends Definitions>(
  namespace: string,
  definitions: T,
): Messages<T> {
  const english: Record<string, string> = {}
  const resolve = (prefix: string, group: Definitions): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(group).map(([key, value]) => {
        const id = `${prefix}.${key}`
        if (typeof value === 'string') {
          english[id] = value
          return [key, translate(id, value)]
        }
        if (isMessageWithValues(value)) {
          // Compiled by the build (not a string): the English is in the tests' catalogue only.
          if (typeof value.source === 'string') english[id] = value.source
          return [
            key,
            (...values: (string | number | undefined)[]) =>
              translate(
                id,
                value.source,
                Object.fromEntries(value.names.map((name, index) => [name, values[index] ?? ''])),
              ),
          ]
        }
        return [key, resolve(id, value)]
      }),
    )
  const messages = resolve(namespace, definitions)
  Object.defineProperty(messages, sources, { value: english })
  return messages as Messages<T>
}

/**
 * The English source of messages made by defineMessages, by id: the source catalogue that the
 * locales' catalogues are checked against. In Node (tests), where nothing is compiled.
 */
export function sourceCatalogue(messages: object): Record<string, string> {
  return (messages as { [sources]?: Record<string, string> })[sources] ?? {}
}
