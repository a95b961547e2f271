/** @airlock/wagmi: Airlock's wagmi connector. */
export { type AirlockParameters, airlock } from './connector'
