/**
 * RegisterAccountNameSuccess (spec §4 "Name registration"): the name the account just registered
 * (its primary name now, the newest) and Done, back to Account.
 */
import { useModal } from '../../components/useModal'
import { registerNameText as text } from '../../messages/registerNameText'
import { usePrimaryName } from '../../names/usePrimaryName'
import form from '../form.module.css'

export function RegisterAccountNameSuccess() {
  const modal = useModal()
  const name = usePrimaryName()?.name
  return (
    <div className={form.form}>
      <p className={form.title} role="status" data-registered-name={name ?? ''}>
        {name ? text.registered(name) : ''}
      </p>
      <button
        type="button"
        className={form.primary}
        onClick={() => modal.navigation.reset('Account')}
      >
        {text.done}
      </button>
    </div>
  )
}
