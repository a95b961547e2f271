/**
 * RegisterAccountName (spec §4 "Name registration", §5 "Account name"): the visitor types a label,
 * the rule is checked as they type, its availability under the registry's parent a moment after
 * they stop (the parent comes from the API's suggestions, which answer full names); a taken name
 * gets free ones like it. Register has the connected wallet sign the name message, then the API
 * takes it: success shows RegisterAccountNameSuccess; a declined signature or a refusal stays here.
 */
import { isUserRejection, nameErrors, toastMessages, validateAccountName } from '@airlock/protocol'
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useModal } from '../../components/useModal'
import { namesOf } from '../../names/nameQueries'
import { NamesApiError } from '../../names/namesApi'
import { useNamesContext } from '../../names/useNamesContext'
import { showToast } from '../../stores/toasts'
import form from '../form.module.css'
import list from '../list.module.css'
import styles from './RegisterAccountName.module.css'
import { registerNameText as text } from './registerNameText'

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

export function RegisterAccountName() {
  const modal = useModal()
  const context = useNamesContext()
  const names = useMemo(() => namesOf(context), [context])
  const [label, setLabel] = useState('')
  // Learnt from the first answer; a ref too, so learning it does not check the label again.
  const [parent, setParent] = useState<string>()
  const parentRef = useRef<string>(undefined)
  const [availability, setAvailability] = useState<Availability>({ state: 'idle' })
  const [signing, setSigning] = useState(false)
  const [refusal, setRefusal] = useState<NamesApiError>()
  const ruleError = ruleErrorOf(label)
  const fieldId = useId()

  useEffect(() => {
    if (!label || ruleError) return setAvailability({ state: 'idle' })
    setAvailability({ state: 'checking' })
    let current = true
    const timer = setTimeout(async () => {
      try {
        let known = parentRef.current
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
        if (!current) return
        parentRef.current = known
        setParent(known)
        setAvailability(
          record
            ? {
                state: 'taken',
                name,
                suggestions: (suggested ?? []).filter((free) => free !== name),
              }
            : { state: 'available', name },
        )
      } catch (error) {
        if (current)
          setAvailability({
            state: 'failed',
            error: asNamesError(error, nameErrors.errorResolvingName),
          })
      }
    }, availabilityDebounceMs)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [label, ruleError, names])

  async function register(event: FormEvent) {
    event.preventDefault()
    if (availability.state !== 'available' || signing) return
    const { name } = availability
    setSigning(true)
    setRefusal(undefined)
    try {
      await names.register(name)
      await modal.navigation.push('RegisterAccountNameSuccess')
    } catch (error) {
      if (isUserRejection(error))
        showToast(modal.store, {
          message: toastMessages.signatureDeclined,
          variant: 'error',
          autoClose: true,
        })
      else setRefusal(asNamesError(error, nameErrors.errorRegisteringName(name)))
    } finally {
      setSigning(false)
    }
  }

  function choose(suggestion: string) {
    const suffix = parent ? `.${parent}` : ''
    setRefusal(undefined)
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
              setRefusal(undefined)
              setLabel(event.target.value.trim())
            }}
          />
          {parent && <span className={styles.suffix}>.{parent}</span>}
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
