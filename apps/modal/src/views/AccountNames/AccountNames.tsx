/**
 * AccountNames (issue 36, as the ENS manager app does): the connected eip155 account's names, its
 * primary one first and marked, each other with "Make primary"; and the primary name's records —
 * avatar (with a preview), description and links — which Save has the wallet sign and the API
 * take. Records are checked here first, in words, before the wallet is asked; a declined signature
 * says so and changes nothing.
 */
import {
  isUserRejection,
  type NameAttributes,
  type NameRecord,
  nameAttributesSchema,
  namespaceOf,
  toastMessages,
} from '@airlock/protocol'
import { useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { useDebouncedValue } from '../../components/useDebouncedValue'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { accountNamesText as text } from '../../messages/accountNamesText'
import { localizeMessage } from '../../messages/specText'
import { avatarSource } from '../../names/avatarSource'
import { changeNameRecords } from '../../names/changeNameRecords'
import { choosePrimaryName } from '../../names/choosePrimaryName'
import { NameAvatar } from '../../names/NameAvatar'
import { nameCacheMs, reverseNameQuery } from '../../names/nameQueries'
import { createNamesApi, NamesApiError } from '../../names/namesApi'
import { useNamesContext } from '../../names/useNamesContext'
import { queryClientOf } from '../../queries/queryClient'
import { showToast } from '../../stores/toasts'
import form from '../form.module.css'
import list from '../list.module.css'
import styles from './AccountNames.module.css'

/** How long typing an avatar must pause before its picture is asked for. */
const avatarPreviewDebounceMs = 400

/** The records the form edits, in its order, with their words. */
const fields = [
  ['avatar', text.avatar],
  ['description', text.description],
  ['url', text.url],
  ['com.twitter', text.twitter],
  ['com.github', text.github],
] as const satisfies readonly (readonly [keyof NameAttributes, string])[]

/** A failure in words: the wallet's refusal as the spec's toast, anything else under the field. */
function failureOf(error: unknown): string | undefined {
  if (!error || isUserRejection(error)) return undefined
  if (error instanceof NamesApiError)
    return error.details
      ? `${localizeMessage(error.message)}: ${error.details}`
      : localizeMessage(error.message)
  return error instanceof Error ? localizeMessage(error.message) : String(error)
}

export function AccountNames() {
  const { store, navigation } = useModal()
  const context = useNamesContext()
  const queryClient = queryClientOf(store)
  const address = useModalState((state) =>
    state.status === 'connected' && namespaceOf(state.activeNetwork) === 'eip155'
      ? state.address
      : undefined,
  )
  const names = useQuery(
    { ...reverseNameQuery(context, address ?? ''), enabled: !!address },
    queryClient,
  )
  const declined = () =>
    showToast(store, {
      message: toastMessages.signatureDeclined,
      variant: 'error',
      autoClose: true,
    })
  const primary = useMutation(
    {
      mutationFn: (name: string) => choosePrimaryName(context, name),
      onError: (error) => isUserRejection(error) && declined(),
    },
    queryClient,
  )
  const records = names.data ?? []
  const [first] = records
  const primaryFailure = failureOf(primary.error)

  return (
    <div className={form.form}>
      <section className={list.section} aria-label={text.names}>
        {records.length === 0 && !names.isPending && <p className={form.message}>{text.noNames}</p>}
        <ul className={list.list}>
          {records.map((record, index) => (
            <li key={record.name} className={styles.row} data-name={record.name}>
              <NameAvatar className={styles.avatar} src={avatarSource(record)} />
              <span className={list.name}>{record.name}</span>
              {index === 0 ? (
                <span className={`${list.tag} ${list.tagActive}`}>{text.primary}</span>
              ) : (
                <button
                  type="button"
                  className={list.button}
                  aria-label={text.makePrimary(record.name)}
                  disabled={primary.isPending}
                  onClick={() => {
                    primary.reset()
                    primary.mutate(record.name)
                  }}
                >
                  {text.makePrimaryLabel}
                </button>
              )}
            </li>
          ))}
        </ul>
        {primary.isPending && (
          <p className={form.message} role="status">
            {text.signing}
          </p>
        )}
        {primary.isSuccess && (
          <p className={form.message} role="status">
            {text.primaryChosen(primary.variables)}
          </p>
        )}
        {primaryFailure && (
          <p className={`${form.message} ${form.error}`} role="alert">
            {primaryFailure}
          </p>
        )}
        <button
          type="button"
          className={list.button}
          onClick={() => navigation.push('RegisterAccountName')}
        >
          {records.length === 0 ? text.first : text.another}
        </button>
      </section>
      {first && (
        <RecordsForm
          // Another primary name starts the form over; its own save keeps what was typed.
          key={first.name}
          record={first}
          onDeclined={declined}
        />
      )}
    </div>
  )
}

function RecordsForm({ record, onDeclined }: { record: NameRecord; onDeclined: () => void }) {
  const { store } = useModal()
  const context = useNamesContext()
  const formId = useId()
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map(([key]) => [key, record.attributes[key] ?? ''])),
  )
  const [problems, setProblems] = useState<Record<string, string>>({})
  const save = useMutation(
    {
      mutationFn: (attributes: NameAttributes) =>
        changeNameRecords(context, record.name, attributes),
      onError: (error) => isUserRejection(error) && onDeclined(),
    },
    queryClientOf(store),
  )
  const avatar = values.avatar?.trim() ?? ''
  // The saved avatar's picture came with the record; a typed one is asked once typing pauses.
  const asked = useDebouncedValue(avatar, avatarPreviewDebounceMs)
  const saved = avatar === (record.attributes.avatar ?? '')
  const previewed = useQuery(
    {
      queryKey: ['names', 'avatarPreview', record.address, asked],
      // A query's data can't be undefined: null is "no picture for it".
      queryFn: async () =>
        (await createNamesApi(context.apiFetch).avatarPreview(asked, record.address)) ?? null,
      enabled: !saved && asked !== '' && asked === avatar,
      staleTime: nameCacheMs,
      retry: false,
    },
    queryClientOf(store),
  )
  const preview = avatarSource({
    attributes: { avatar },
    avatarImage: saved
      ? record.avatarImage
      : asked === avatar
        ? (previewed.data ?? undefined)
        : undefined,
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (save.isPending) return
    const attributes: Record<string, string> = {}
    for (const [key] of fields) {
      const value = values[key]?.trim() ?? ''
      if (value !== '') attributes[key] = value
    }
    // Bad input is said here, before the wallet is asked to sign anything.
    const checked = nameAttributesSchema.safeParse(attributes)
    if (!checked.success) {
      setProblems(
        Object.fromEntries(
          checked.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
        ),
      )
      return
    }
    setProblems({})
    save.reset()
    save.mutate(checked.data)
  }

  const failure = failureOf(save.error)
  return (
    <form className={form.form} onSubmit={submit} noValidate aria-label={text.records(record.name)}>
      <h2 className={form.title}>{text.records(record.name)}</h2>
      <figure className={styles.preview} aria-label={text.avatarPreview}>
        {preview ? (
          <NameAvatar className={styles.preview} src={preview} />
        ) : (
          avatar !== '' &&
          !previewed.isFetching && <figcaption className={form.hint}>{text.noPreview}</figcaption>
        )}
      </figure>
      {fields.map(([key, label]) => {
        const id = `${formId}-${key}`
        const problem = problems[key]
        return (
          <div key={key} className={form.field}>
            <label className={form.label} htmlFor={id}>
              {label}
            </label>
            <input
              id={id}
              className={form.input}
              name={key}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={values[key] ?? ''}
              disabled={save.isPending}
              aria-invalid={problem !== undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(event) => {
                save.reset()
                setValues((current) => ({ ...current, [key]: event.target.value }))
              }}
            />
            {key === 'avatar' && <small className={form.hint}>{text.avatarHint}</small>}
            {problem && (
              <p id={`${id}-problem`} className={`${form.message} ${form.error}`} role="alert">
                {`${label}: ${problem}`}
              </p>
            )}
          </div>
        )
      })}
      {save.isPending && (
        <p className={form.message} role="status">
          {text.signing}
        </p>
      )}
      {save.isSuccess && (
        <p className={form.message} role="status">
          {text.saved}
        </p>
      )}
      {failure && (
        <p className={`${form.message} ${form.error}`} role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className={form.primary} disabled={save.isPending}>
        {text.save}
      </button>
    </form>
  )
}
