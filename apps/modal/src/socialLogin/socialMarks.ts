/**
 * Each social login's mark, drawn as the providers publish them (simple-icons' paths, CC0), for
 * the social buttons and the views of a social login. Each is a data: URL in the chunk of the views
 * that show them (Vite inlines files this small), painted through a CSS mask in the provider's
 * colour — or in the text's colour for the black marks (X, GitHub, Apple), so they show in both
 * themes.
 */
import type { SocialProvider } from '@airlock/protocol'
import apple from 'simple-icons/icons/apple.svg?url'
import discord from 'simple-icons/icons/discord.svg?url'
import facebook from 'simple-icons/icons/facebook.svg?url'
import farcaster from 'simple-icons/icons/farcaster.svg?url'
import github from 'simple-icons/icons/github.svg?url'
import google from 'simple-icons/icons/google.svg?url'
import x from 'simple-icons/icons/x.svg?url'
import type { Mark } from '../components/BrandMark'

export const socialMarks: Record<SocialProvider, Mark> = {
  google: { image: google, color: '#4285F4' },
  x: { image: x },
  discord: { image: discord, color: '#5865F2' },
  farcaster: { image: farcaster, color: '#855DCD' },
  github: { image: github },
  apple: { image: apple },
  facebook: { image: facebook, color: '#0866FF' },
}
