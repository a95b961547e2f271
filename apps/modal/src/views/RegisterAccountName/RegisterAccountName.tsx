/**
 * RegisterAccountName (spec §4 "Name registration", §5 "Account name"): the visitor types a label,
 * the rule is checked as they type, its availability under the registry's parent a moment after
 * they stop (the parent comes from the API's suggestions, which answer full names); a taken name
 * gets free ones like it. Register has the connected wallet sign the name message, then the API
 * takes it: success shows RegisterAccountNameSuccess; a declined signature or a refusal stays here.
 */
import {
  accountNameMinChars,
  isUserRejection,
  nameErrors,
  toastMessages,
  validateAccountName,
} from '@airlock/protocol'
import { useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { useDebouncedValue } from '../../components/useDebouncedValue'
import { useModal } from '../../components/useModal'
import { registerNameText as text } from '../../messages/registerNameText'
import { localizeMessage } from '../../messages/specText'
import { nameAvailabilityQuery } from '../../names/nameAvailability'
import { NamesApiError } from '../../names/namesApi'
import { registerName } from '../../names/registerName'
import { useNamesContext } from '../../names/useNamesContext'
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

const asNamesError = (error: unknown, message: string) =>
  error instanceof NamesApiError ? error : new NamesApiError(message, { cause: error })

function Failure({ error }: { error: NamesApiError }) {
  return (
    <div role="alert" className={`${form.message} ${form.error}`}>
      <p>{localizeMessage(error.message)}</p>
      {error.details && <p className={styles.details}>{error.details}</p>}
    </div>
  )
}

export function RegisterAccountName() {
  const { navigation, store } = useModal()
  const context = useNamesContext()
  const queryClient = queryClientOf(store)
  const [label, setLabel] = useState('')
  const asked = useDebouncedValue(label, availabilityDebounceMs)
  // Learnt from the first answer, then kept: later checks skip the suggestions.
  const [parent, setParent] = useState<string>()
  const ruleError = ruleErrorOf(label)
  const fieldId = useId()
  const checkable = !!label && !ruleError
  const check = useQuery(
    { ...nameAvailabilityQuery(context, asked, parent), enabled: checkable && asked === label },
    queryClient,
  )
  if (check.data && parent === undefined) setParent(check.data.parent)
  const registration = useMutation(
    {
      mutationFn: async (name: string) => {
        await registerName(context, name)
        await navigation.push('RegisterAccountNameSuccess')
      },
      onError: (error) => {
        if (isUserRejection(error))
          showToast(store, {
            message: toastMessages.signatureDeclined,
            variant: 'error',
            autoClose: true,
          })
      },
    },
    queryClient,
  )
  const signing = registration.isPending
  const refusal =
    registration.error && !isUserRejection(registration.error)
      ? asNamesError(registration.error, nameErrors.errorRegisteringName(registration.variables))
      : undefined

  const availability: Availability = !checkable
    ? { state: 'idle' }
    : asked !== label || check.isFetching || check.isPending
      ? { state: 'checking' }
      : check.isError
        ? { state: 'failed', error: asNamesError(check.error, nameErrors.errorResolvingName) }
        : check.data.record
          ? { state: 'taken', name: check.data.name, suggestions: check.data.suggestions }
          : { state: 'available', name: check.data.name }

  function register(event: FormEvent) {
    event.preventDefault()
    if (availability.state !== 'available' || signing) return
    registration.reset()
    registration.mutate(availability.name)
  }

  function choose(suggestion: string) {
    const suffix = parent ? `.${parent}` : ''
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
            aria-describedby={`${fieldId}-message`}
            onChange={(event) => {
              registration.reset()
              setLabel(event.target.value.trim())
            }}
          />
          {parent && <span className={styles.suffix}>.{parent}</span>}
        </span>
      </div>
      {ruleError ? (
        <p id={`${fieldId}-message`} className={`${form.message} ${form.error}`} role="alert">
          {ruleError}
        </p>
      ) : (
        <p
          id={`${fieldId}-message`}
          className={`${form.message} ${availability.state === 'available' ? styles.available : ''}`}
          role="status"
          data-availability={availability.state}
        >
          {availability.state === 'idle' && !label && text.rule(accountNameMinChars)}
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
