/**
 * A Vite plugin that writes `locale-chunks.json` beside the modal's build: each locale's
 * catalogue chunk by locale (`{ "ja": "assets/ja-B1x2.js", … }`), so the API can name the one a
 * visitor will read in the page it serves (`<link rel="modulepreload">`) and the frame need not
 * wait for its first script to ask for it.
 */
import type { Plugin } from 'vite'

/** The file the API reads (apps/api/src/services/modalLocale.ts). */
export const localeChunksFile = 'locale-chunks.json'

export function localeChunks(): Plugin {
  return {
    name: 'airlock:locale-chunks',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks: Record<string, string> = {}
      for (const output of Object.values(bundle)) {
        const locale =
          output.type === 'chunk'
            ? /\/src\/locales\/([\w-]+)\.json\?compiled$/.exec(output.facadeModuleId ?? '')?.[1]
            : undefined
        if (locale) chunks[locale] = output.fileName
      }
      this.emitFile({
        type: 'asset',
        fileName: localeChunksFile,
        source: `${JSON.stringify(chunks, null, 2)}\n`,
      })
    },
  }
}
