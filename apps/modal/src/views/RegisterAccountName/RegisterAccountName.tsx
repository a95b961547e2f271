/**
 * RegisterAccountName (spec §4 "Name registration", §5 "Account name"): the visitor types a label,
 * the rule is checked as they type, its availability under the registry's parent a moment after
 * they stop (the parent comes from the API's suggestions, which answer full names); a taken name
 * gets free ones like it. Register has the connected wallet sign the name message, then the API
 * takes it: success shows RegisterAccountNameSuccess; a declined signature or a refusal stays here.
 */
import { isUserRejection, nameErrors, toastMessages, validateAccountName } from '@airlock/protocol'
import { useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react'
import { useDebouncedValue } from '../../components/useDebouncedValue'
import { useModal } from '../../components/useModal'
import { registerNameText as text } from '../../messages/registerNameText'
import { NamesApiError, namesApi } from '../../names/namesApi'
import { queryClientOf } from '../../queries/queryClient'
import { showToast } from '../../stores/toasts'
import form from '../form.module.css'
import list from '../list.module.css'
import styles from './RegisterAccountName.module.css'

/** How long typing must pause before availability is asked. */
export const availabilityDebounceMs = 300

type Availability =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'available'; name: string }
  | { state: 'taken'; name: string; suggestions: string[] }
  | { state: 'failed'; error: NamesApiError }

/** §5's rule, and ENSIP-15's lowercase: what is wrong with `label`, if anything. */
function ruleErrorOf(label: string): string | undefined {
  if (!label) return undefined
  return validateAccountName(label) ?? (label !== label.toLowerCase() ? text.lowercase : undefined)
}

/** `alice1.airlock.eth` → `airlock.eth`. */
const parentOf = (name: string | undefined) => name?.slice(name.indexOf('.') + 1) || undefined

const asNamesError = (error: unknown, message: string) =>
  error instanceof NamesApiError ? error : new NamesApiError(message, { cause: error })

function Failure({ error }: { error: NamesApiError }) {
  return (
    <div role="alert" className={`${form.message} ${form.error}`}>
      <p>{error.message}</p>
      {error.details && <p className={styles.details}>{error.details}</p>}
    </div>
  )
}

/** What the registry said of a label: the parent it learnt, and the full name's record. */
type Checked = { parent: string; name: string; taken: boolean; suggestions: string[] }

export function RegisterAccountName() {
  const modal = useModal()
  const names = useMemo(() => namesApi(modal), [modal])
  const queries = queryClientOf(modal.store)
  const [label, setLabel] = useState('')
  // Learnt from the first answer, so later checks ask for the name alone.
  const [parent, setParent] = useState<string>()
  const ruleError = ruleErrorOf(label)
  const fieldId = useId()
  // Asked once the visitor paused on a label that keeps the rule.
  const paused = useDebouncedValue(label, availabilityDebounceMs) === label
  const check = useQuery(
    {
      queryKey: ['names', 'availability', label],
      enabled: !!label && !ruleError && paused,
      queryFn: async (): Promise<Checked> => {
        let known = parent
        let suggested: string[] | undefined
        if (!known) {
          suggested = await names.suggestions(label)
          known = parentOf(suggested[0])
          if (!known)
            throw new NamesApiError(nameErrors.errorFetchingNameSuggestions, {
              cause: new Error('The registry suggested no names.'),
            })
        }
        const name = `${label}.${known}`
        const record = await names.lookup(name)
        if (record) suggested ??= await names.suggestions(label)
        return {
          parent: known,
          name,
          taken: record !== undefined,
          suggestions: (suggested ?? []).filter((free) => free !== name),
        }
      },
    },
    queries,
  )
  // Kept for the next labels' checks; shown from the answer itself the moment it arrives.
  useEffect(() => {
    if (check.data) setParent(check.data.parent)
  }, [check.data])
  const suffixParent = parent ?? check.data?.parent
  const availability: Availability =
    !label || ruleError
      ? { state: 'idle' }
      : !paused || check.isPending
        ? { state: 'checking' }
        : check.isError
          ? { state: 'failed', error: asNamesError(check.error, nameErrors.errorResolvingName) }
          : check.data.taken
            ? { state: 'taken', name: check.data.name, suggestions: check.data.suggestions }
            : { state: 'available', name: check.data.name }

  // Registering: the wallet signs, the API takes it; a declined signature is a toast, any other
  // failure stays on the form in the spec's words.
  const registration = useMutation(
    {
      mutationFn: (name: string) => names.register(name),
      onSuccess: () => modal.navigation.push('RegisterAccountNameSuccess'),
      onError: (error) => {
        if (isUserRejection(error))
          showToast(modal.store, {
            message: toastMessages.signatureDeclined,
            variant: 'error',
            autoClose: true,
          })
      },
    },
    queries,
  )
  const signing = registration.isPending
  const refusal =
    registration.isError && !isUserRejection(registration.error)
      ? asNamesError(registration.error, nameErrors.errorRegisteringName(registration.variables))
      : undefined

  function register(event: FormEvent) {
    event.preventDefault()
    if (availability.state !== 'available' || signing) return
    registration.mutate(availability.name)
  }

  function choose(suggestion: string) {
    const suffix = suffixParent ? `.${suffixParent}` : ''
    registration.reset()
    setLabel(
      suffix && suggestion.endsWith(suffix) ? suggestion.slice(0, -suffix.length) : suggestion,
    )
  }

  return (
    <form className={form.form} onSubmit={register} noValidate>
      <div className={form.field}>
        <label className={form.label} htmlFor={fieldId}>
          {text.label}
        </label>
        <span className={form.row}>
          <input
            id={fieldId}
            className={form.input}
            name="accountName"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={label}
            disabled={signing}
            aria-invalid={!!ruleError}
            onChange={(event) => {
              registration.reset()
              setLabel(event.target.value.trim())
            }}
          />
          {suffixParent && <span className={styles.suffix}>.{suffixParent}</span>}
        </span>
      </div>
      {ruleError ? (
        <p className={`${form.message} ${form.error}`} role="alert">
          {ruleError}
        </p>
      ) : (
        <p
          className={`${form.message} ${availability.state === 'available' ? styles.available : ''}`}
          role="status"
          data-availability={availability.state}
        >
          {availability.state === 'checking' && text.checking}
          {availability.state === 'available' && text.available}
          {availability.state === 'taken' && text.taken}
        </p>
      )}
      {availability.state === 'failed' && <Failure error={availability.error} />}
      {availability.state === 'taken' && availability.suggestions.length > 0 && (
        <fieldset className={styles.suggestions}>
          <legend className={form.label}>{text.suggestions}</legend>
          {availability.suggestions.map((suggestion) => (
            <button
              key={suggestion}
              type="button"
              className={list.button}
              onClick={() => choose(suggestion)}
            >
              {suggestion}
            </button>
          ))}
        </fieldset>
      )}
      {refusal && <Failure error={refusal} />}
      {signing && (
        <p className={form.message} role="status">
          {text.signing}
        </p>
      )}
      <button
        type="submit"
        className={form.primary}
        disabled={signing || availability.state !== 'available'}
      >
        {text.register}
      </button>
    </form>
  )
}
